#ifndef C_ZLIB_SHIM_H
#define C_ZLIB_SHIM_H

/*
 * zlib for HTTP content codings, wrapped in prefixed inline functions:
 * deflateInit2/inflateInit2 are macros Swift cannot call, and the stream
 * state stays on the C side. Only MicroHTTP's ContentCoding imports this.
 */
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

/* Window bits: 15 + 16 writes a gzip wrapper (RFC 1952), 15 a zlib one
   (RFC 1950, HTTP's "deflate"), -15 raw deflate (what some clients send
   as "deflate"); 15 + 32 reads gzip or zlib, whichever it finds. */
enum { C_Z_GZIP = 31, C_Z_ZLIB = 15, C_Z_RAW = -15, C_Z_AUTO = 47 };

/* Upper bound of the compressed size of in_len bytes with either wrapper. */
static inline size_t
c_z_bound(size_t in_len)
{
    return (size_t) compressBound((uLong) in_len) + 18;
}

/*
 * Compresses in one call into out (capacity from c_z_bound). Returns the
 * compressed size, or 0 on failure.
 */
static inline size_t
c_z_compress(const unsigned char *in, size_t in_len, unsigned char *out, size_t out_cap, int window_bits, int level)
{
    z_stream stream;
    memset(&stream, 0, sizeof stream);
    if (deflateInit2(&stream, level, Z_DEFLATED, window_bits, 8, Z_DEFAULT_STRATEGY) != Z_OK) return 0;
    stream.next_in = (Bytef *) in;
    stream.avail_in = (uInt) in_len;
    stream.next_out = out;
    stream.avail_out = (uInt) out_cap;
    int result = deflate(&stream, Z_FINISH);
    size_t produced = out_cap - stream.avail_out;
    deflateEnd(&stream);
    return result == Z_STREAM_END ? produced : 0;
}

/* An inflating stream on the heap, or NULL. */
static inline z_stream *
c_z_inflater(int window_bits)
{
    z_stream *stream = calloc(1, sizeof *stream);
    if (stream == NULL) return NULL;
    if (inflateInit2(stream, window_bits) != Z_OK) { free(stream); return NULL; }
    return stream;
}

static inline void
c_z_inflater_free(z_stream *stream)
{
    inflateEnd(stream);
    free(stream);
}

/*
 * Feeds input (once, on the first call) and inflates into out. Returns
 * 1 when the stream ended, 0 when more output room is needed, -1 when the
 * data is corrupt or truncated. *produced is what this call wrote.
 */
static inline int
c_z_inflate(z_stream *stream, const unsigned char *in, size_t in_len, int first,
            unsigned char *out, size_t out_cap, size_t *produced)
{
    if (first) {
        stream->next_in = (Bytef *) in;
        stream->avail_in = (uInt) in_len;
    }
    stream->next_out = out;
    stream->avail_out = (uInt) out_cap;
    int result = inflate(stream, Z_NO_FLUSH);
    *produced = out_cap - stream->avail_out;
    if (result == Z_STREAM_END) return stream->avail_in == 0 ? 1 : -1; /* trailing garbage is corrupt */
    if (result == Z_OK || (result == Z_BUF_ERROR && stream->avail_out == 0)) {
        return (stream->avail_in == 0 && stream->avail_out != 0) ? -1 : 0; /* input ran out before the end */
    }
    return -1;
}

#endif
