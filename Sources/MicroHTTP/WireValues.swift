// The response, streamed body and content coding a daemon sends are the
// transport-neutral values of HTTPWire; every user of MicroHTTP sees them.
@_exported public import HTTPWire
