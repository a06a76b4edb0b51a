/// A request that is complete from birth with a fixed response; it never touches the network
/// or the pipeline.
@MainActor
final class HardWiredRequest: CompletableRequest {
    private let info: ResponseInfo

    init(returning info: ResponseInfo) {
        self.info = info
        super.init()
        complete(with: info)
    }

    override func repeated() -> any Request {
        HardWiredRequest(returning: info)
    }
}
