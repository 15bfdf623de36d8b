import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension HTTPResponse.Head {
    /// The head of a URLSession response: its status and its string header fields, for `url`.
    init(_ response: HTTPURLResponse, url: URL) {
        var headers = HTTPHeaders()
        for (name, value) in response.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name] = value }
        }
        self.init(statusCode: response.statusCode, headers: headers, url: url)
    }
}
