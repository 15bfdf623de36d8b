import AttachmentKit
import Foundation

/// Short constructors for message parts in tests.
enum PartFactory {
    /// A local part of `type` whose content is a few bytes naming it.
    static func local(_ id: PartID, _ type: MIMEType, status: TransferStatus = .complete) -> LocalPart {
        LocalPart(id: id, mimeType: type, content: .data(Data(id.rawValue.utf8)), transferStatus: status)
    }

    /// A part of `type` that is on the server only.
    static func remote(_ id: PartID, _ type: MIMEType) -> LocalPart {
        LocalPart(id: id, mimeType: type, content: nil, transferStatus: .readyForDownload)
    }

    /// An `application/json+imageSize` part with `json` as its content.
    static func size(_ json: String, id: PartID = "size", status: TransferStatus = .complete) -> LocalPart {
        LocalPart(id: id, mimeType: .imageSize, content: .data(Data(json.utf8)), transferStatus: status)
    }
}
