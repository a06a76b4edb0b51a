import NIOConcurrencyHelpers
@preconcurrency import OpenCombine

/// The state of one paginated subscription: the next page, the page in flight, buffered data and
/// the downstream demand.
final class PaginationSubscription<BaseRequest: Request, Page: PaginatedData, Service: HttpService>: Subscription,
    Sendable
where Page.DataType == BaseRequest.Result {

    typealias Output = BaseRequest.Result
    typealias Failure = Service.RequestError

    private struct State: Sendable {
        var subscriber: AnySubscriber<Output, Failure>?
        var demand = Subscribers.Demand.none
        var buffer: [Output] = []
        var completion: Subscribers.Completion<Failure>?
        var nextPage: Int
        var loading: Task<Void, Never>?
        var isLoading = false
        var isDone = false
        var isDraining = false
        var ticks: AnyCancellable?
    }

    private enum Step {
        case value(Output, AnySubscriber<Output, Failure>)
        case completion(Subscribers.Completion<Failure>, AnySubscriber<Output, Failure>)
    }

    private let loader: PageLoader<BaseRequest, Page, Service>
    private let state: NIOLockedValueBox<State>

    init(loader: PageLoader<BaseRequest, Page, Service>, subscriber: AnySubscriber<Output, Failure>) {
        self.loader = loader
        state = NIOLockedValueBox(State(subscriber: subscriber, nextPage: loader.firstPage))
    }

    /// Starts listening to ticks and loads the first page.
    func start(ticks: AnyPublisher<Void, Never>) {
        let isActive = state.withLockedValue { !$0.isDone }
        guard isActive else {
            return
        }
        let cancellable = ticks.sink { [weak self] _ in
            self?.tick()
        }
        let keep = state.withLockedValue { state -> Bool in
            guard !state.isDone else {
                return false
            }
            state.ticks = cancellable
            return true
        }
        if !keep {
            cancellable.cancel()
        }
        tick()
    }

    func request(_ demand: Subscribers.Demand) {
        state.withLockedValue { $0.demand += demand }
        drain()
    }

    func cancel() {
        let (task, ticks) = state.withLockedValue { state in
            state.isDone = true
            state.subscriber = nil
            state.buffer = []
            state.completion = nil
            defer {
                state.loading = nil
                state.ticks = nil
            }
            return (state.loading, state.ticks)
        }
        task?.cancel()
        ticks?.cancel()
    }

    private func tick() {
        state.withLockedValue { state in
            guard !state.isDone, !state.isLoading, state.completion == nil else {
                return
            }
            state.isLoading = true
            let page = state.nextPage
            state.loading = Task { [self] in
                let result: Result<Page, Failure>
                do throws(Failure) {
                    result = .success(try await loader.load(page: page))
                } catch {
                    result = .failure(error)
                }
                loaded(result)
            }
        }
    }

    private func loaded(_ result: Result<Page, Failure>) {
        let ticks = state.withLockedValue { state -> AnyCancellable? in
            state.isLoading = false
            state.loading = nil
            guard !state.isDone, state.completion == nil else {
                return nil
            }
            switch result {
            case .success(let page):
                state.buffer.append(page.data)
                state.nextPage += 1
                if page.isLastPage {
                    state.completion = .finished
                }
            case .failure(let error):
                state.completion = .failure(error)
            }
            guard state.completion != nil else {
                return nil
            }
            defer {
                state.ticks = nil
            }
            return state.ticks
        }
        ticks?.cancel()
        drain()
    }

    /// Sends buffered values within demand, then the completion once the buffer is empty. Only one
    /// thread drains at a time, so values keep their order.
    private func drain() {
        let owns = state.withLockedValue { state -> Bool in
            guard !state.isDraining else {
                return false
            }
            state.isDraining = true
            return true
        }
        guard owns else {
            return
        }
        while let step = nextStep() {
            switch step {
            case .value(let value, let subscriber):
                let more = subscriber.receive(value)
                state.withLockedValue { $0.demand += more }
            case .completion(let completion, let subscriber):
                subscriber.receive(completion: completion)
            }
        }
    }

    private func nextStep() -> Step? {
        state.withLockedValue { state -> Step? in
            guard let subscriber = state.subscriber else {
                state.isDraining = false
                return nil
            }
            if !state.buffer.isEmpty, state.demand > .none {
                state.demand -= 1
                return .value(state.buffer.removeFirst(), subscriber)
            }
            if state.buffer.isEmpty, let completion = state.completion {
                state.subscriber = nil
                state.isDone = true
                return .completion(completion, subscriber)
            }
            state.isDraining = false
            return nil
        }
    }
}
