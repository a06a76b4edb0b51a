/// The namespace of the ready-made request bodies: ``Empty``, ``Json``, ``Urlencoded``,
/// ``Image``, ``Raw`` and ``Multipart``. It has no cases and cannot be instantiated.
public enum HttpData {}
