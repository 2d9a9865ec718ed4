// Subjects and relays shared with detached tasks and dispatch queues.
import Dispatch
import Reactive

func sendFromEverywhere(to subject: PublishSubject<Int>, relay: BehaviorRelay<Int>) async {
    let serial = DispatchQueue(label: "sender")
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
        serial.async {
            subject.onNext(1)
            relay.accept(1)
            done.resume()
        }
    }
    await Task.detached {
        subject.onNext(2)
        relay.accept(2)
    }.value
    await withTaskGroup(of: Void.self) { group in
        group.addTask { relay.accept(3) }
        group.addTask { relay.accept(4) }
    }
}
