// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "AttachmentKit",
    platforms: [.iOS(.v15), .macOS(.v12), .tvOS(.v15), .watchOS(.v8)],
    products: [
        .library(name: "AttachmentKit", targets: ["AttachmentKit"]),
        // Matrix event contents and the homeserver's media repository: a product of its own, so
        // that an app that doesn't use Matrix doesn't see it.
        .library(name: "AttachmentKitMatrix", targets: ["AttachmentKitMatrix"]),
        .executable(name: "attachmentkit", targets: ["AttachmentKitCLI"]),
        .executable(name: "attachmentkit-bench", targets: ["AttachmentKitBench"]),
    ],
    targets: [
        .target(name: "AttachmentKit"),
        .target(name: "AttachmentKitMatrix", dependencies: ["AttachmentKit"]),
        // The command-line tool's logic lives in a library so that tests can run it in-process.
        .target(name: "AttachmentKitCommands", dependencies: ["AttachmentKit", "AttachmentKitMatrix"]),
        .executableTarget(name: "AttachmentKitCLI", dependencies: ["AttachmentKitCommands"]),
        .executableTarget(
            name: "AttachmentKitBench",
            dependencies: ["AttachmentKit"],
            path: "Benchmarks/AttachmentKitBench"
        ),
        // StoreCrashWriter is a dependency so that every build of the tests builds it (Xcode's
        // test action builds only what the tests depend on): the crash and lock tests spawn it,
        // on macOS and Linux, the platforms where tests spawn processes.
        .testTarget(
            name: "AttachmentKitTests",
            dependencies: [
                "AttachmentKit", "AttachmentKitMatrix", "AttachmentKitCommands", "TestProcessSettings",
                .target(name: "StoreCrashWriter", condition: .when(platforms: [.macOS, .linux])),
            ],
            resources: [.copy("Imaging/Fixtures")]
        ),
        // Sets the test process's parallelization width before Swift Testing starts, so that a
        // time limit starts when its test does (see settings.c).
        .target(name: "TestProcessSettings", path: "Tests/TestProcessSettings"),
        // A `@MainActor` view controller that observes its download, and `@MainActor` list cells
        // that show a message through the attachment loaders, compiled in Swift 6 language mode:
        // the build fails if the observer or loader API can't be adopted from the main actor.
        .testTarget(
            name: "MainActorObserverTests",
            dependencies: ["AttachmentKit"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        // The child process of the file store's crash test, killed with SIGKILL mid-write;
        // `swift test` builds it next to the test bundle.
        .executableTarget(
            name: "StoreCrashWriter",
            dependencies: ["AttachmentKit"],
            path: "Tests/StoreCrashWriter"
        ),
    ],
    swiftLanguageModes: [.v6]
)
