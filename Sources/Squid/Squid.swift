/// The namespace of the library's own utility types.
///
/// `Squid` holds the types that belong to the library as a whole rather than to one request or
/// service, most notably ``Squid/Error``, the single error type that every failure is reported as.
/// It has no cases and cannot be instantiated.
///
/// - Note: Because the namespace has the same name as the module, `Squid.Error` always means the
///   nested error type; module-qualified names such as `Squid.Request` do not resolve. Import the
///   module and use the unqualified names instead.
public enum Squid {}
