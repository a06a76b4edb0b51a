import Foundation
import Safety
import Siesta
import TUICore
import Workspace

extension BrowserState {
    /// Starts a background search of the current body for `query`.
    mutating func startSearch(_ query: String) -> [Command] {
        guard let url = currentURL, let body = shownBody, body.searchSource != nil else {
            status = StatusMessage("nothing to search here", isError: true)
            return []
        }
        searchGeneration += 1
        let generation = searchGeneration
        search = SearchState(
            query: query, url: url, generation: generation, startPosition: body.searchPosition(atLine: position.cursor))
        focus = .latestData
        return [.startSearch(url: url, query: query, generation: generation)]
    }

    mutating func stopSearch() -> [Command] {
        guard var search, search.isRunning else { return [] }
        search.isRunning = false
        self.search = search
        status = StatusMessage(
            "search stopped at \(Int(search.progress * 100))%: \(search.matchSummary) for \(search.query)")
        return [.cancelSearch]
    }

    mutating func applySearchUpdate(generation: Int, _ update: BodySearch.Update) {
        guard var search, search.generation == generation, search.isRunning else { return }
        search.matches += update.matches
        search.progress = update.progress
        search.reachedLimit = update.reachedLimit
        search.isRunning = !update.isFinished
        if !search.hasMoved, search.url == currentURL {
            if let next = search.matches.first(where: { $0 > search.startPosition }) {
                moveToMatch(next)
                search.hasMoved = true
            } else if update.isFinished, let first = search.matches.first {
                moveToMatch(first)
                search.hasMoved = true
                status = StatusMessage("search wrapped to the top: \(search.matchSummary) for \(search.query)")
            }
        }
        if update.isFinished, search.matches.isEmpty {
            status = StatusMessage("no match for \(search.query)", isError: true)
        }
        self.search = search
    }

    /// `n` / `N`: the next or previous match of the search, wrapping around; a new search when
    /// the last one was in another body.
    mutating func nextMatch(forward: Bool) -> [Command] {
        guard let query = searchQuery else {
            status = StatusMessage("no search yet: / searches")
            return []
        }
        guard let search, search.url == currentURL, let body = shownBody else {
            return startSearch(query)
        }
        guard !search.matches.isEmpty else {
            status =
                search.isRunning
                ? StatusMessage("searching for \(query): \(Int(search.progress * 100))%")
                : StatusMessage("no match for \(query)", isError: true)
            return []
        }
        let here = body.searchPosition(atLine: position.cursor)
        let matches = search.matches
        // The first match after `here` (forward) or the last before it (backward), by bisection.
        var low = 0
        var high = matches.count
        while low < high {
            let middle = (low + high) / 2
            if forward ? matches[middle] <= here : matches[middle] < here { low = middle + 1 } else { high = middle }
        }
        let target: Int
        if forward {
            target = low < matches.count ? matches[low] : matches[0]
        } else {
            target = low > 0 ? matches[low - 1] : matches[matches.count - 1]
        }
        moveToMatch(target)
        return []
    }

    mutating func moveToMatch(_ match: Int) {
        guard let line = changeShownBody({ $0.revealMatch(match) }), let body = shownBody else { return }
        var position = self.position
        position.cursor = line
        keepCursorVisible(&position, body: body)
        self.position = position
        focus = .latestData
    }
}
