import Hummingbird
import NIOCore

/// The server's request context: Hummingbird's basic one, and the connection's channel, which
/// an event stream writes to directly (`ChannelEventOutlet`).
public struct LiveRequestContext: RequestContext {
    /// Hummingbird's per-request storage (logger, route parameters, …).
    public var coreContext: CoreRequestContextStorage
    /// The connection the request came on.
    public let channel: any Channel

    /// The context of a request that came on `source`'s channel.
    public init(source: ApplicationRequestContextSource) {
        coreContext = CoreRequestContextStorage(source: source)
        channel = source.channel
    }
}
