// A KeyValueObservable class must declare its registrar (where the engine keeps its observers
// and learns of its deallocation): leaving it out is a compile-time error saying what to write.
// expected-error: unavailable property 'keyValueRegistrar' was used to satisfy a requirement of protocol 'KeyValueObservable': declare `let keyValueRegistrar = KeyValueRegistrar()` in the class
import ReactiveKVO

final class Person: KeyValueObservable {
    @Observed var name = "Ann"
}
