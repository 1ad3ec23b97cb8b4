import Foundation

extension Disk {
    /// Disk's error codes, with Disk's raw values, for `NSError`s in `errorDomain`.
    public enum ErrorCode: Int, Sendable {
        case noFileFound = 0
        case serialization = 1
        case deserialization = 2
        case invalidFileName = 3
        case couldNotAccessTemporaryDirectory = 4
        case couldNotAccessUserDomainMask = 5
        case couldNotAccessSharedContainer = 6
    }

    /// The domain of the errors that carry a `Disk.ErrorCode`.
    public static let errorDomain = "DiskErrorDomain"

    /// Runs one Disk call and throws its failure the way Disk does: as a real `NSError`, so that
    /// Disk's `catch let error as NSError` works on Linux too, where casting a Swift error to
    /// `NSError` in a `catch` fails, and in a function that cannot throw, crashes.
    /// - Parameters:
    ///   - directory: the call's directory, which tells Disk's three "could not access" codes apart.
    ///   - reading: whether the call only reads (Foundation's read and write codes differ).
    /// The coders' own errors pass unchanged, as Disk lets them through (`CodingErrors`).
    static func bridging<T>(_ directory: Directory? = nil, reading: Bool = false, _ call: () throws -> T) throws -> T {
        do {
            return try CodingErrors.$passesCoderErrors.withValue(true) { try call() }
        } catch let error as ShelfError {
            throw nsError(error, directory: directory, reading: reading)
        } catch let error as DecodingError {
            throw error
        } catch let error as EncodingError {
            throw error
        } catch {
            throw error as NSError
        }
    }

    /// `error` as Disk reports it: Disk's own failures in `DiskErrorDomain` with Disk's code, the
    /// file-system failures Disk lets through from `FileManager` in `NSCocoaErrorDomain` with
    /// Foundation's code. The user info holds the three texts Disk fills in (description, failure
    /// reason, recovery suggestion), the path (`NSFilePathErrorKey`), and the `ShelfError` itself
    /// (`NSUnderlyingErrorKey`).
    static func nsError(_ error: ShelfError, directory: Directory?, reading: Bool) -> NSError {
        var info: [String: Any] = [
            NSLocalizedDescriptionKey: error.description,
            NSLocalizedFailureReasonErrorKey: error.reasonText,
            NSLocalizedRecoverySuggestionErrorKey: error.suggestionText,
            NSUnderlyingErrorKey: error,
        ]
        if error.path.hasPrefix("/") { info[NSFilePathErrorKey] = error.path }
        if let code = diskCode(error, directory: directory) {
            return NSError(domain: errorDomain, code: code.rawValue, userInfo: info)
        }
        return NSError(domain: NSCocoaErrorDomain, code: cocoaCode(error, reading: reading).rawValue, userInfo: info)
    }

    /// The failures Disk itself names. An expired file is one that is no longer there to read.
    static func diskCode(_ error: ShelfError, directory: Directory?) -> ErrorCode? {
        switch error {
        case .notFound, .expired: return .noFileFound
        case .serialization, .invalidJSON, .invalidInput: return .serialization
        case .deserialization: return .deserialization
        case .invalidName(let name, _):
            // A group name that can be no folder ("", ".."): Disk finds no such container.
            if case .sharedContainer(let group)? = directory, name == group { return .couldNotAccessSharedContainer }
            return .invalidFileName
        case .cannotAccessDirectory:
            switch directory {
            case .temporary?: return .couldNotAccessTemporaryDirectory
            case .sharedContainer?: return .couldNotAccessSharedContainer
            default: return .couldNotAccessUserDomainMask
            }
        default: return nil
        }
    }

    /// The code `FileManager` or `Data.write` would give for the same failure.
    static func cocoaCode(_ error: ShelfError, reading: Bool) -> CocoaError.Code {
        switch error {
        case .permissionDenied, .symbolicLink: return reading ? .fileReadNoPermission : .fileWriteNoPermission
        case .alreadyExists, .folderInTheWay: return .fileWriteFileExists
        // A file where a `[Data]` folder is to be made: Disk's `createDirectory` finds it there.
        case .notAFolder: return reading ? .fileReadUnknown : .fileWriteFileExists
        case .noSpace: return .fileWriteOutOfSpace
        case .readOnly: return .fileWriteVolumeReadOnly
        case .invalidTarget: return .fileWriteInvalidFileName
        case .unsupported: return .featureUnsupported
        default: return reading ? .fileReadUnknown : .fileWriteUnknown
        }
    }
}
