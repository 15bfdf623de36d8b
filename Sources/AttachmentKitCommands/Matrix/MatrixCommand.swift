import AttachmentKit
import AttachmentKitMatrix
import Foundation

/// `attachmentkit matrix send|resolve`: the options both share and the client they make.
enum MatrixCommand {
    /// How a command ended: its report and its exit status.
    struct Ending {
        var output = ""
        var errorOutput = ""
        var status: Int32 = 0
    }

    static func run(_ arguments: inout ArgumentList, console: Console) async throws -> Ending {
        switch arguments.popSubcommand() {
        case "send": return try await MatrixSendCommand.run(&arguments)
        case "resolve": return try await MatrixResolveCommand.run(&arguments, console: console)
        default: throw CommandError.usage("matrix needs send or resolve; try attachmentkit help matrix send")
        }
    }

    /// `--homeserver URL --token TOKEN`, as given.
    struct Connection {
        var homeserver: String?
        var token: String?

        /// Pops both options; ``client(idleTimeout:)`` checks them.
        static func pop(from arguments: inout ArgumentList) throws(CommandError) -> Connection {
            Connection(
                homeserver: try arguments.popValue(of: "--homeserver"), token: try arguments.popValue(of: "--token"))
        }

        /// A client for the homeserver and token.
        func client(idleTimeout: Double = 30) throws(CommandError) -> MatrixMediaClient {
            guard let homeserver, let url = URL(string: homeserver), ["http", "https"].contains(url.scheme ?? "") else {
                throw .usage("matrix needs --homeserver URL (an http or https URL)")
            }
            guard let token, !token.isEmpty else {
                throw .usage("matrix needs --token TOKEN (the user's access token)")
            }
            let downloader = RemotePart.Downloader(
                configuration: RemotePart.Configuration(
                    allowedSchemes: ["https", "http"], maximumByteCount: 64 << 30, idleTimeout: idleTimeout,
                    totalTimeout: 24 * 60 * 60))
            return MatrixMediaClient(
                homeserver: url, accessToken: token, downloader: downloader,
                uploadConfiguration: UploadCoordinator.Configuration(idleTimeout: idleTimeout))
        }
    }

    /// The one line a failure prints.
    static func failure(_ error: any Error) -> Ending {
        Ending(errorOutput: "attachmentkit: \(error)\n", status: 1)
    }
}
