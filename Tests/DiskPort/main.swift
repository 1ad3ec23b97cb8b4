// A program written for Disk, as Disk's README writes it, with one change: `import Shelf` for
// `import Disk`. `DiskPortTests` builds it with the package and runs it in a throwaway home;
// every step prints a line the test checks, and any surprise ends the program with a failure.
// UIImage calls are left out: there is no UIKit on Linux.
import Foundation
import Shelf

struct Message: Codable, Equatable {
    let title: String
    let body: String
}

func check(_ condition: Bool, _ step: String) {
    if !condition { fatalError("failed: \(step)") }
    print("ok \(step)")
}

// MARK: Structs

let message = Message(title: "Hello", body: "How are you?")
try Disk.save(message, to: .caches, as: "message.json")
try Disk.save(message, to: .caches, as: "Folder/message.json")
let retrievedMessage = try Disk.retrieve("Folder/message.json", from: .caches, as: Message.self)
check(retrievedMessage == message, "save and retrieve a struct")

var messages = [Message]()
for i in 0..<5 {
    messages.append(Message(title: "\(i)", body: "..."))
}
try Disk.save(messages, to: .caches, as: "messages.json")
let retrievedMessages = try Disk.retrieve("messages.json", from: .caches, as: [Message].self)
check(retrievedMessages == messages, "save and retrieve an array of structs")

let newMessage = Message(title: "5", body: "new")
try Disk.append(newMessage, to: "messages.json", in: .caches)
check(try Disk.retrieve("messages.json", from: .caches, as: [Message].self) == messages + [newMessage], "append a struct")
try Disk.append([newMessage, newMessage], to: "messages.json", in: .caches)
check(try Disk.retrieve("messages.json", from: .caches, as: [Message].self).count == 8, "append an array of structs")

let encoder = JSONEncoder()
encoder.keyEncodingStrategy = .convertToSnakeCase
try Disk.save(messages, to: .caches, as: "messages.json", encoder: encoder)
let decoder = JSONDecoder()
decoder.keyDecodingStrategy = .convertFromSnakeCase
let decoded = try Disk.retrieve("messages.json", from: .caches, as: [Message].self, decoder: decoder)
try Disk.append(newMessage, to: "messages.json", in: .caches, decoder: decoder, encoder: encoder)
let appended = try Disk.retrieve("messages.json", from: .caches, as: [Message].self, decoder: decoder)
check(decoded == messages && appended.last == newMessage, "custom encoder and decoder")

// MARK: Data

let videoData = Data("not really a video".utf8)
try Disk.save(videoData, to: .documents, as: "anime.mp4")
let retrievedData = try Disk.retrieve("anime.mp4", from: .documents, as: Data.self)
check(retrievedData == videoData, "save and retrieve Data")

var data = [Data]()
for i in 0..<3 { data.append(Data("frame \(i)".utf8)) }
try Disk.save(data, to: .documents, as: "videos")
let retrievedVideos = try Disk.retrieve("videos", from: .documents, as: [Data].self)
check(retrievedVideos == data, "save and retrieve [Data]")
let newDataObject = Data("frame 3".utf8)
try Disk.append(newDataObject, to: "videos/", in: .documents)
check(try Disk.retrieve("videos", from: .documents, as: [Data].self) == data + [newDataObject], "append Data to a folder")

// MARK: Shared containers and leading slashes

try Disk.save(message, to: .sharedContainer(appGroupName: "group.example"), as: "//shared.json")
check(try Disk.retrieve("shared.json", from: .sharedContainer(appGroupName: "group.example"), as: Message.self) == message,
      "a shared container, and leading slashes dropped")

// MARK: Helper methods

check(Disk.exists("Folder/message.json", in: .caches), "exists")
try Disk.save(data, to: .documents, as: "album")
try Disk.move("album/", in: .documents, to: .caches)
check(Disk.exists("album", in: .caches) && !Disk.exists("album", in: .documents), "move a folder to another directory")
try Disk.rename("message.json", in: .caches, to: "renamed.json")
check(Disk.exists("renamed.json", in: .caches) && !Disk.exists("message.json", in: .caches), "rename")
let url = try Disk.url(for: "album/", in: .caches)
check(Disk.isFolder(url), "url(for:in:) and isFolder")
check(try Disk.getURL(for: "renamed.json", in: .caches) == Disk.url(for: "renamed.json", in: .caches), "getURL")
do {
    try Disk.doNotBackup("album", in: .caches)
    try Disk.backup("album", in: .caches)
    print("ok doNotBackup and backup")
} catch let error as NSError where error.domain == NSCocoaErrorDomain && error.code == CocoaError.featureUnsupported.rawValue {
    print("ok doNotBackup and backup (no user extended attributes here)")
}
check((Disk.totalCapacity ?? 0) > 0 && Disk.availableCapacity != nil, "capacities")

// MARK: URL counterparts

let fileUrl = try Disk.url(for: "renamed.json", in: .caches)
check(Disk.exists(fileUrl), "exists(url)")
let newUrl = try Disk.url(for: "Folder/newFileName.json", in: .documents)
try Disk.move(fileUrl, to: newUrl)
check(Disk.exists(newUrl) && !Disk.exists(fileUrl), "move(url, to: url)")
do {
    try Disk.doNotBackup(newUrl)
    try Disk.backup(newUrl)
} catch let error as NSError where error.code == CocoaError.featureUnsupported.rawValue {}
try Disk.remove(newUrl)
check(!Disk.exists(newUrl), "remove(url)")
check(!Disk.isFolder(URL(fileURLWithPath: "/")) && !Disk.exists(URL(fileURLWithPath: "/etc/passwd")), "URLs outside the namespaces")

// MARK: Debugging: Disk's errors, caught as NSError

do {
    if Disk.exists("posts.json", in: .documents) {
        try Disk.remove("posts.json", from: .documents)
    }
    try Disk.remove("posts.json", from: .documents)
} catch let error as NSError {
    print("""
        Domain: \(error.domain)
        Code: \(error.code)
        Description: \(error.localizedDescription)
        Failure Reason: \(error.localizedFailureReason ?? "")
        Suggestions: \(error.localizedRecoverySuggestion ?? "")
        """)
    check(error.domain == Disk.errorDomain && error.code == Disk.ErrorCode.noFileFound.rawValue, "noFileFound as NSError")
}

/// Cannot throw, so the `catch` must take every error: on Linux it does only if Disk's errors
/// are real `NSError`s; a plain Swift error would crash the program here.
func cachedPosts() -> [Message] {
    do {
        return try Disk.retrieve("posts.json", from: .caches, as: [Message].self)
    } catch let error as NSError {
        if error.domain == Disk.errorDomain && error.code == Disk.ErrorCode.noFileFound.rawValue { return [] }
        fatalError("Domain: \(error.domain) Code: \(error.code) Description: \(error.localizedDescription)")
    }
}
check(cachedPosts().isEmpty, "noFileFound in a function that cannot throw")

func saveBadName() -> Int {
    do {
        try Disk.save(message, to: .caches, as: "../outside.json")
        return -1
    } catch let error as NSError {
        return error.code
    }
}
check(saveBadName() == Disk.ErrorCode.invalidFileName.rawValue, "invalidFileName in a function that cannot throw")

// MARK: Beyond the README (PortedPatterns.swift)

try genericCode()
try appendsOfAnotherType()
try typedCatches()
try jsonLinesNames()
try asyncCallers()
try namespace()

try Disk.clear(.caches)
check(!Disk.exists("album", in: .caches), "clear")
try Disk.clear(.temporary)
print("done")
