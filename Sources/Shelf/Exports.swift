// `import Shelf` alone gives app developers the whole API: the engine's public types
// (`Store`, `Directory`, `ShelfError`, …) come from ShelfCore, which this module re-exports.
@_exported import ShelfCore
