/// A transport option that cannot be used: a certificate or key file that cannot be read or
/// parsed, a key that does not belong to its certificate, a proxy URL that cannot be understood.
/// Raised when the settings are made, before anything is sent, so a program can refuse to start
/// with ``message``.
package struct HTTPSetupError: Error, CustomStringConvertible, Sendable, Equatable {
    /// One sentence naming the option and the file or value, e.g. `The CA certificate file
    /// ca.pem (--cacert) contains no PEM certificate.`
    package var message: String

    /// Creates the error.
    package init(_ message: String) {
        self.message = message
    }

    /// The message.
    package var description: String { message }
}
