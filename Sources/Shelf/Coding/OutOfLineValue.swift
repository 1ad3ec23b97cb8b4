/// A coder's mutable state kept outside its class instance. The runtime checks every access to a
/// class's stored `var` for exclusivity (a thread-local look-up each time), and the coders touch
/// their state for every byte and every key; the profile showed those checks as a quarter of the
/// encoder's time. A `let` pointer to the value, read through an addressor, is not checked.
/// The coder frees it in its `deinit`; a coder never lends it beyond one call.
struct OutOfLineValue<Value> {
    let pointer: UnsafeMutablePointer<Value>

    init(_ value: Value) {
        pointer = .allocate(capacity: 1)
        pointer.initialize(to: value)
    }

    func free() {
        pointer.deinitialize(count: 1)
        pointer.deallocate()
    }
}
