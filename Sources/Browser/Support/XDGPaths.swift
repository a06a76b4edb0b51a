import Foundation

/// The XDG base directories hammock uses.
public enum XDGPaths {
    /// `$XDG_CONFIG_HOME`, or `~/.config` when unset or empty.
    public static func configHome(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let value = environment["XDG_CONFIG_HOME"], !value.isEmpty { return value }
        return (environment["HOME"] ?? NSHomeDirectory()) + "/.config"
    }

    /// `$XDG_CACHE_HOME`, or `~/.cache` when unset or empty.
    public static func cacheHome(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let value = environment["XDG_CACHE_HOME"], !value.isEmpty { return value }
        return (environment["HOME"] ?? NSHomeDirectory()) + "/.cache"
    }
}
