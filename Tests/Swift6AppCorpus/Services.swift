// Services whose sequences send from a dispatch queue or from a task: the commonest `create`.
import Dispatch
import Foundation
import Reactive

enum ServiceError: Error {
    case notFound
}

final class Repository: Sendable {
    private let queue = DispatchQueue(label: "repository")

    func names() -> Observable<[String]> {
        Observable.create { observer in
            self.queue.async {
                observer.onNext(["ann", "bob"])
                observer.onCompleted()
            }
            return Disposables.create()
        }
    }

    func count() -> Observable<Int> {
        Observable.create { observer in
            let task = Task {
                try? await Task.sleep(nanoseconds: 1_000_000)
                observer.onNext(2)
                observer.onCompleted()
            }
            return Disposables.create { task.cancel() }
        }
    }

    func user(id: Int) -> Single<String> {
        Single.create { single in
            let task = Task.detached {
                single(id == 1 ? .success("ann") : .failure(ServiceError.notFound))
            }
            return Disposables.create { task.cancel() }
        }
    }

    func cached(id: Int) -> Maybe<String> {
        Maybe.create { maybe in
            self.queue.async {
                maybe(id == 1 ? .success("ann") : .completed)
            }
            return Disposables.create()
        }
    }

    func cachedInTask(id: Int) -> Maybe<String> {
        Maybe.create { maybe in
            let task = Task {
                maybe(id == 1 ? .success("ann") : .completed)
            }
            return Disposables.create { task.cancel() }
        }
    }

    func userOnQueue(id: Int) -> Single<String> {
        Single.create { single in
            self.queue.async {
                single(id == 1 ? .success("ann") : .failure(ServiceError.notFound))
            }
            return Disposables.create()
        }
    }

    func saveInTask() -> Completable {
        Completable.create { completable in
            let task = Task {
                completable(.completed)
            }
            return Disposables.create { task.cancel() }
        }
    }

    func save() -> Completable {
        Completable.create { completable in
            DispatchQueue.global().async {
                completable(.completed)
            }
            return Disposables.create()
        }
    }

    func ticks() -> Infallible<Int> {
        Infallible.create { observer in
            self.queue.async {
                observer(.next(1))
                observer(.completed)
            }
            return Disposables.create()
        }
    }

    func asyncWork() -> Single<Int> {
        Single.create { try await Task.sleep(nanoseconds: 1_000); return 42 }
    }
}
