// Seed 000's download progress: `downloadProgress` depends on `writtenData` and `totalData`.
// A timer on a dispatch-queue scheduler writes data; `rx.observe` prints a progress bar each
// time the dependent key changes; the program exits at 100 %.
import Dispatch
import Foundation
import Reactive
import ReactiveKVO

final class Download: KeyValueObservable {
    let keyValueRegistrar = KeyValueRegistrar()
    @Observed var writtenData = 0.0
    @Observed var totalData = 1_000.0

    var downloadProgress: Double { totalData > 0 ? writtenData / totalData : 0 }

    static var computedKeys: [String: PartialKeyPath<Download>] { ["downloadProgress": \Download.downloadProgress] }

    static func keyPathsForValuesAffectingValue(forKey key: String) -> Set<String> {
        key == "downloadProgress" ? ["writtenData", "totalData"] : []
    }
}

func bar(_ progress: Double) -> String {
    let width = 30
    let filled = Int((progress * Double(width)).rounded())
    return "[" + String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled) + "] " + String(format: "%3.0f %%", progress * 100)
}

func run() {
    let download = Download()
    let bag = DisposeBag()
    let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "download")
    let finished = DispatchSemaphore(value: 0)

    download.rx.observe(Double.self, "downloadProgress")
        .compactMap { $0 }
        .subscribe(onNext: { progress in
            print(bar(progress))
            if progress >= 1 { finished.signal() }
        }, onError: { error in
            print("error: \(error)")
            finished.signal()
        })
        .disposed(by: bag)

    Observable<Int>.interval(.milliseconds(40), scheduler: scheduler)
        .subscribe(onNext: { _ in
            download.writtenData = min(download.totalData, download.writtenData + 125)
        })
        .disposed(by: bag)

    finished.wait()
    print("download complete")
}

run()
