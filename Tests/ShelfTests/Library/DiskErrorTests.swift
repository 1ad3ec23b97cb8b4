import Foundation
import Testing
@testable import Shelf
@testable import ShelfCore

/// Disk's errors: `NSError`s with Disk's domain, codes and texts, that Disk's own
/// `catch let error as NSError` catches on Linux, also where the function cannot throw.
@Suite struct DiskErrorTests {
    @Test func domainAndCodesAreDisks() {
        #expect(Disk.errorDomain == "DiskErrorDomain")
        let codes: [Disk.ErrorCode] = [.noFileFound, .serialization, .deserialization, .invalidFileName,
                                       .couldNotAccessTemporaryDirectory, .couldNotAccessUserDomainMask,
                                       .couldNotAccessSharedContainer]
        #expect(codes.map(\.rawValue) == Array(0...6))
    }

    @Test(arguments: LibraryErrorTests.all)
    func everyErrorBecomesAnNSErrorWithItsTexts(_ error: ShelfError) throws {
        let ns = Disk.nsError(error, directory: .caches, reading: false)
        #expect(ns.localizedDescription == error.description)
        #expect(ns.localizedFailureReason == error.reasonText)
        #expect(ns.localizedRecoverySuggestion == error.suggestionText)
        #expect(ns.userInfo[NSUnderlyingErrorKey] as? ShelfError == error)
        #expect(ns.userInfo[NSFilePathErrorKey] as? String == "/p/a")
        #expect(ns.domain == (Disk.diskCode(error, directory: .caches) == nil ? NSCocoaErrorDomain : Disk.errorDomain))
    }

    @Test func disksFailuresGetDisksCodes() {
        func code(_ error: ShelfError, _ directory: Directory? = .caches) -> Int {
            Disk.nsError(error, directory: directory, reading: true).code
        }
        #expect(code(.notFound(path: "/a")) == Disk.ErrorCode.noFileFound.rawValue)
        #expect(code(.expired(path: "/a", at: "t")) == Disk.ErrorCode.noFileFound.rawValue)
        #expect(code(.serialization(path: "/a", reason: "r")) == Disk.ErrorCode.serialization.rawValue)
        #expect(code(.invalidJSON(path: "/a", line: 1, column: 1, reason: "r")) == Disk.ErrorCode.serialization.rawValue)
        #expect(code(.deserialization(path: "/a", reason: "r")) == Disk.ErrorCode.deserialization.rawValue)
        #expect(code(.invalidName("../a", reason: "r")) == Disk.ErrorCode.invalidFileName.rawValue)
        let noAccess = ShelfError.cannotAccessDirectory(path: "$HOME", reason: "r")
        #expect(code(noAccess, .temporary) == Disk.ErrorCode.couldNotAccessTemporaryDirectory.rawValue)
        #expect(code(noAccess, .sharedContainer(appGroupName: "g")) == Disk.ErrorCode.couldNotAccessSharedContainer.rawValue)
        #expect(code(noAccess, .documents) == Disk.ErrorCode.couldNotAccessUserDomainMask.rawValue)
        #expect(code(noAccess, nil) == Disk.ErrorCode.couldNotAccessUserDomainMask.rawValue)
    }

    @Test func fileSystemFailuresGetFoundationsCodes() {
        func code(_ error: ShelfError, reading: Bool = false) -> CocoaError.Code {
            let ns = Disk.nsError(error, directory: nil, reading: reading)
            #expect(ns.domain == NSCocoaErrorDomain)
            return CocoaError.Code(rawValue: ns.code)
        }
        #expect(code(.permissionDenied(path: "/a")) == .fileWriteNoPermission)
        #expect(code(.permissionDenied(path: "/a"), reading: true) == .fileReadNoPermission)
        #expect(code(.alreadyExists(path: "/a")) == .fileWriteFileExists)
        #expect(code(.noSpace(path: "/a")) == .fileWriteOutOfSpace)
        #expect(code(.readOnly(path: "/a")) == .fileWriteVolumeReadOnly)
        #expect(code(.unsupported(path: "/a", reason: "r")) == .featureUnsupported)
        #expect(code(.io(path: "/a", operation: "read", errno: 5), reading: true) == .fileReadUnknown)
    }

    /// The README's pattern in a function that cannot throw: on Linux the `catch` takes only real
    /// `NSError`s, so a plain Swift error thrown here would stop the test process.
    @Test func nsErrorCatchWorksWhereNothingCanBeThrown() throws {
        let group = Directory.sharedContainer(appGroupName: "shelf-test-\(UInt64.random(in: 0 ... .max))")
        let code = DiskErrorTests.diskCode
        #expect(code { _ = try Disk.retrieve("none", from: group, as: Data.self) } == Disk.ErrorCode.noFileFound.rawValue)
        #expect(code { _ = try Disk.retrieve("none", from: group, as: [Data].self) } == Disk.ErrorCode.noFileFound.rawValue)
        #expect(code { try Disk.remove("none", from: group) } == Disk.ErrorCode.noFileFound.rawValue)
        #expect(code { _ = try Disk.getURL(for: "none", in: group) } == Disk.ErrorCode.noFileFound.rawValue)
        #expect(code { try Disk.save(Data(), to: group, as: "a/../b") } == Disk.ErrorCode.invalidFileName.rawValue)
        #expect(code { try Disk.save(Data(), to: group, as: "a\nb") } == Disk.ErrorCode.invalidFileName.rawValue)
        #expect(code { try Disk.remove(URL(fileURLWithPath: "/etc/passwd")) } == Disk.ErrorCode.invalidFileName.rawValue)
        // Every other call shape refuses an unsafe name the same way.
        let message = Message(title: "", body: "")
        for call in [{ _ = try Disk.retrieve("../a", from: group, as: Message.self) },
                     { try Disk.save([Data()], to: group, as: "../a") },
                     { try Disk.save(message, to: group, as: "../a") }, { try Disk.append(message, to: "../a", in: group) },
                     { try Disk.append([1], to: "../a", in: group) }, { try Disk.append(Data(), to: "../a", in: group) },
                     { try Disk.append([Data()], to: "../a", in: group) }, { try Disk.move("../a", in: group, to: .documents) },
                     { try Disk.rename("../a", in: group, to: "b") }, { try Disk.rename("a", in: group, to: "../b") },
                     { try Disk.doNotBackup("../a", in: group) }] as [() throws -> Void] {
            #expect(code(call) == Disk.ErrorCode.invalidFileName.rawValue)
        }
        // A group name that can be no folder: no such container, as Disk says (issue 26, item 9).
        #expect(code { _ = try Disk.url(for: "x", in: .sharedContainer(appGroupName: "..")) } == Disk.ErrorCode.couldNotAccessSharedContainer.rawValue)
        #expect(access(try Disk.store().locations.path(for: group), F_OK) != 0)
    }

    /// The code of the `NSError` a Disk call throws (minus its code outside Disk's domain), caught
    /// by the README's pattern in a function that cannot throw; nil when the call succeeds.
    static func diskCode(_ call: () throws -> Void) -> Int? {
        do {
            try call()
            return nil
        } catch let error as NSError {
            return error.domain == Disk.errorDomain ? error.code : -error.code
        }
    }

    @Test func otherErrorsAreBridgedToRealNSErrors() {
        struct Odd: Error {}
        func caught() -> Bool {
            do {
                try Disk.bridging { throw Odd() }
                return false
            } catch let error as NSError {
                return error.domain.contains("Odd")
            }
        }
        #expect(caught())
    }

    @Test func shelfErrorsSpeakThroughLocalizedError() {
        let error: Error = ShelfError.notFound(path: "/p/a")
        #expect(error.localizedDescription == "no such file or folder: /p/a")
        let bridged = error as NSError
        #expect(bridged.localizedFailureReason == "Nothing is stored under that name.")
        #expect(bridged.localizedRecoverySuggestion?.isEmpty == false)
        let localized = ShelfError.notFound(path: "/p/a") as any LocalizedError
        #expect(localized.errorDescription == "no such file or folder: /p/a")
        #expect(localized.failureReason == "Nothing is stored under that name.")
    }
}
