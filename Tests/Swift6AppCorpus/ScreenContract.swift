// A screen's inputs and outputs, handed between actors and tasks: a `Sendable` struct holding
// every public Rx type a screen passes around.
import Dispatch
import Reactive

struct ScreenContract: Sendable {
    let observable: Observable<Int>
    let single: Single<Int>
    let maybe: Maybe<String>
    let completable: Completable
    let infallible: Infallible<Int>
    let driver: Driver<String>
    let signal: Signal<Void>
    let property: ControlProperty<String>
    let event: ControlEvent<Void>
    let publishSubject: PublishSubject<Int>
    let behaviorSubject: BehaviorSubject<Int>
    let replaySubject: ReplaySubject<Int>
    let asyncSubject: AsyncSubject<Int>
    let publishRelay: PublishRelay<Int>
    let behaviorRelay: BehaviorRelay<Int>
    let replayRelay: ReplayRelay<Int>
    let observer: AnyObserver<Int>
    let binder: Binder<Int>
    let grouped: GroupedObservable<String, Int>
    let mainScheduler: MainScheduler
    let serialScheduler: SerialDispatchQueueScheduler
    let concurrentScheduler: ConcurrentDispatchQueueScheduler
    let scheduler: any SchedulerType
    let immediateScheduler: any ImmediateSchedulerType
    let subscription: any Disposable
    let cancelable: any Cancelable
    let bag: DisposeBag
    let compositeDisposable: CompositeDisposable
    let serialDisposable: SerialDisposable
}

final class Label: @unchecked Sendable {
    var text = ""
}

func makeContract() -> ScreenContract {
    let text = BehaviorRelay(value: "a")
    let label = Label()
    return ScreenContract(
        observable: .just(1),
        single: .just(1),
        maybe: .just("m"),
        completable: .empty(),
        infallible: .just(1),
        driver: text.asDriver(),
        signal: PublishRelay<Void>().asSignal(),
        property: ControlProperty(values: text, valueSink: text.asObserver()),
        event: ControlEvent(events: PublishRelay<Void>()),
        publishSubject: PublishSubject(),
        behaviorSubject: BehaviorSubject(value: 0),
        replaySubject: ReplaySubject.create(bufferSize: 1),
        asyncSubject: AsyncSubject(),
        publishRelay: PublishRelay(),
        behaviorRelay: BehaviorRelay(value: 0),
        replayRelay: ReplayRelay.create(bufferSize: 1),
        observer: AnyObserver { _ in },
        binder: Binder(label, scheduler: CurrentThreadScheduler.instance) { label, value in label.text = "\(value)" },
        grouped: GroupedObservable(key: "k", source: .just(1)),
        mainScheduler: MainScheduler.instance,
        serialScheduler: SerialDispatchQueueScheduler(qos: .default),
        concurrentScheduler: ConcurrentDispatchQueueScheduler(qos: .default),
        scheduler: MainScheduler.instance,
        immediateScheduler: CurrentThreadScheduler.instance,
        subscription: Disposables.create(),
        cancelable: BooleanDisposable(),
        bag: DisposeBag(),
        compositeDisposable: CompositeDisposable(),
        serialDisposable: SerialDisposable())
}

extension BehaviorRelay {
    /// A relay as an observer that accepts what it is sent.
    func asObserver() -> AnyObserver<Element> {
        AnyObserver { [self] event in
            if case .next(let value) = event { accept(value) }
        }
    }
}

/// Hands the contract to another actor, which subscribes there.
actor ScreenHost {
    private(set) var received: [Int] = []
    private let bag = DisposeBag()

    func attach(_ contract: ScreenContract) {
        contract.single.subscribe(onSuccess: { self.received.append($0) }).disposed(by: bag)
        contract.infallible.subscribe(onNext: { self.received.append($0) }).disposed(by: bag)
        contract.behaviorRelay.subscribe(onNext: { self.received.append($0) }).disposed(by: bag)
    }
}
