import ShelfCLI
