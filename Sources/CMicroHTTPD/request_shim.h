/*
 * A request's head as libmicrohttpd read it: its query left to MicroHTTP,
 * its header fields counted and sized, its cookies counted. Included by shim.h.
 */
#ifndef UNDERSTUDY_CMICROHTTPD_REQUEST_SHIM_H
#define UNDERSTUDY_CMICROHTTPD_REQUEST_SHIM_H

/*
 * Called from the URI log callback, where uri is the raw request target in
 * libmicrohttpd's read buffer, NUL-terminated, before it splits the query.
 * MicroHTTP parses the query itself from its copy of the target, so this
 * ends the query string right after '?': libmicrohttpd then stores no
 * argument, whose per-argument records would otherwise fill the connection's
 * memory pool (about 450 short parameters in 32 KiB) and stall the request.
 */
static inline void
c_mhd_skip_query_parsing(const char *uri)
{
    char *mark = strchr((char *) uri, '?');
    if (mark != NULL && mark[1] != '\0') mark[1] = '\0';
}

struct c_mhd_head_size { size_t fields; size_t bytes; };

struct c_mhd_header_tally { const char *name; unsigned int count; };

static enum MHD_Result
c_mhd_tally_header(void *cls, enum MHD_ValueKind kind, const char *key, const char *value)
{
    (void) kind; (void) value;
    struct c_mhd_header_tally *tally = (struct c_mhd_header_tally *) cls;
    if (key != NULL && strcasecmp(key, tally->name) == 0) tally->count += 1;
    return MHD_YES;
}

/* How many request headers are named `name` (compared without case). */
static inline unsigned int
c_mhd_header_count(struct MHD_Connection *connection, const char *name)
{
    struct c_mhd_header_tally tally = { name, 0 };
    MHD_get_connection_values(connection, MHD_HEADER_KIND, c_mhd_tally_header, &tally);
    return tally.count;
}

static enum MHD_Result
c_mhd_add_field(void *cls, enum MHD_ValueKind kind, const char *key, size_t key_size,
                const char *value, size_t value_size)
{
    (void) kind; (void) key; (void) value;
    struct c_mhd_head_size *size = cls;
    size->fields += 1;
    size->bytes += key_size + value_size + 4; /* "name: value\r\n" */
    return MHD_YES;
}

/* The number of header fields and their bytes as sent (name, ": ", value, CRLF). */
static inline struct c_mhd_head_size
c_mhd_header_size(struct MHD_Connection *connection)
{
    struct c_mhd_head_size size = { 0, 0 };
    MHD_get_connection_values_n(connection, MHD_HEADER_KIND, c_mhd_add_field, &size);
    return size;
}

/* The number of cookies libmicrohttpd read from the Cookie headers. */
static inline int
c_mhd_cookie_count(struct MHD_Connection *connection)
{
    return MHD_get_connection_values(connection, MHD_COOKIE_KIND, NULL, NULL);
}

#endif
