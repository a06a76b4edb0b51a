import Dispatch
import Foundation

/// Wakes the program only when something happens: stdin became readable, the window was
/// resized (SIGWINCH), or a timer fired. No polling, so an idle browser uses no CPU.
///
/// Handlers run on the main queue, which is the main actor's executor; they are declared
/// `@MainActor` and entered with `MainActor.assumeIsolated`. Call `start()` after curses has
/// started and `stop()` before it ends.
@MainActor
public final class TerminalEvents {
    private var readSource: DispatchSourceRead?
    private var resizeSource: DispatchSourceSignal?
    private var timer: DispatchSourceTimer?
    private var stopSources: [DispatchSourceSignal] = []
    private var timerInterval: Double = 0
    private var emptyReads = 0

    /// Called when stdin has bytes (read them with `CursesTerminal.readInput()`).
    public var onInput: @MainActor () -> Void = {}
    /// Called on SIGWINCH.
    public var onResize: @MainActor () -> Void = {}
    /// Called on every timer tick.
    public var onTick: @MainActor () -> Void = {}
    /// Called once when stdin reaches end of file (the terminal went away) or the process gets
    /// SIGTERM or SIGHUP, so the terminal is restored before leaving.
    public var onEndOfInput: @MainActor () -> Void = {}

    /// Creates an idle event source.
    public init() {}

    /// Starts watching stdin and SIGWINCH.
    public func start() {
        let read = DispatchSource.makeReadSource(fileDescriptor: STDIN_FILENO, queue: .main)
        read.setEventHandler { [weak self] in
            MainActor.assumeIsolated {
                guard let self, let source = self.readSource else { return }
                if source.data == 0 {
                    self.emptyReads += 1
                    if self.emptyReads >= 3 {
                        source.cancel()
                        self.onEndOfInput()
                        return
                    }
                } else {
                    self.emptyReads = 0
                }
                self.onInput()
            }
        }
        readSource = read
        read.resume()

        signal(SIGWINCH, SIG_IGN)
        let resize = DispatchSource.makeSignalSource(signal: SIGWINCH, queue: .main)
        resize.setEventHandler { [weak self] in
            MainActor.assumeIsolated { self?.onResize() }
        }
        resizeSource = resize
        resize.resume()

        for number in [SIGTERM, SIGHUP] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .main)
            source.setEventHandler { [weak self] in
                MainActor.assumeIsolated { self?.onEndOfInput() }
            }
            source.resume()
            stopSources.append(source)
        }
    }

    /// Runs `onTick` every `seconds` (replacing any previous interval); 0 stops the timer.
    public func setTickInterval(_ seconds: Double) {
        guard seconds != timerInterval else { return }
        timerInterval = seconds
        timer?.cancel()
        timer = nil
        guard seconds > 0 else { return }
        let source = DispatchSource.makeTimerSource(queue: .main)
        source.schedule(deadline: .now() + seconds, repeating: seconds, leeway: .milliseconds(Int(seconds * 100)))
        source.setEventHandler { [weak self] in
            MainActor.assumeIsolated { self?.onTick() }
        }
        timer = source
        source.resume()
    }

    /// Stops every source.
    public func stop() {
        readSource?.cancel()
        resizeSource?.cancel()
        timer?.cancel()
        for source in stopSources { source.cancel() }
        stopSources = []
        readSource = nil
        resizeSource = nil
        timer = nil
        timerInterval = 0
    }
}
