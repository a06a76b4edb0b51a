internal import SQLiteNIO

/// SQLite's primary result codes that the stores look at, and the mapping from SQLiteNIO's
/// error reasons to primary codes.
enum SQLiteResultCode {
    static let error: Int32 = 1
    static let busy: Int32 = 5
    static let readOnly: Int32 = 8
    static let corrupt: Int32 = 11
    static let cantOpen: Int32 = 14
    static let notADatabase: Int32 = 26

    /// The primary result code for `reason` (extended codes map to their primary code), or 1
    /// (`SQLITE_ERROR`) for reasons that are not SQLite codes.
    static func primary(for reason: SQLiteError.Reason) -> Int32 {
        switch reason {
        case .error, .errorMissingCollatingSequence, .errorRetry, .errorMissingSnapshot: return 1
        case .intern: return 2
        case .permission: return 3
        case .abort, .abortByRollback: return 4
        case .busy, .busyInRecovery, .busyInSnapshot, .busyTimeout: return 5
        case .locked, .lockedBySharedCache, .lockedVirtualTable: return 6
        case .noMemory: return 7
        case .readOnly, .readonlyInRecovery, .readonlyCantLock, .readonlyInRollback, .readonlyBackingMoved,
            .readonlyDirectory:
            return 8
        case .interrupt: return 9
        case .ioError, .ioErrorFailedRead, .ioErrorIncompleteRead, .ioErrorFailedWrite, .ioErrorFailedSync,
            .ioErrorFailedDirSync, .ioErrorFailedTruncate, .ioErrorFailedStat, .ioErrorFailedUnlock,
            .ioErrorFailedReadLock, .ioErrorFailedDelete, .ioErrorNoMemory, .ioErrorFailedAccess,
            .ioErrorFailedLockCheck, .ioErrorFailedAdvisoryLock, .ioErrorFailedClose, .ioErrorFailedSharedMemOpen,
            .ioErrorFailedSharedMemSize, .ioErrorFailedSharedMemMap, .ioErrorFailedDeleteNonexistent,
            .ioErrorFailedMemoryMap, .ioErrorCantFindTempdir, .ioErrorCygwinPath, .ioErrorBadDataChecksum,
            .ioErrorCorruptedFilesystem:
            return 10
        case .corrupt, .corruptVirtualTable, .corruptSequenceSchema, .corruptIndex: return 11
        case .notFound: return 12
        case .full: return 13
        case .cantOpen, .cantOpenDirectory, .cantOpenInvalidPath, .cantOpenCygwinPath, .cantOpenUnfollowedSymlink:
            return 14
        case .proto: return 15
        case .empty: return 16
        case .schema: return 17
        case .tooBig: return 18
        case .constraint, .constraintCheckFailed, .constraintCommitHookFailed, .constraintForeignKeyFailed,
            .constraintUserFunctionFailed, .constraintNotNullFailed, .constraintPrimaryKeyFailed,
            .constraintTriggerFailed, .constraintUniqueFailed, .constraintVirtualTableFailed,
            .constraintUniqueRowIDFailed, .constraintUpdateTriggerDeletedRow, .constraintStrictDataTypeFailed:
            return 19
        case .mismatch: return 20
        case .misuse: return 21
        case .noLFS: return 22
        case .auth, .authUnauthorizedUser: return 23
        case .format: return 24
        case .range: return 25
        case .notADatabase: return 26
        case .notice, .noticeRecoverWAL, .noticeRecoverRollback: return 27
        case .warning, .warningAutoindex: return 28
        case .row: return 100
        case .done: return 101
        default: return 1
        }
    }
}
