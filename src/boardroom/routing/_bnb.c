/* The branch and bound of search.py, compiled: an exact port of _Search.collect,
 * _Search.run_pair, _Search.run (with its nested search of the rest), chain and
 * block_bound with its memo, and the transposition memo (walk.py, trains.py,
 * blockcut.py; their invariants: docs/routing.md, "The search's invariants"). Python
 * builds the tables (tables.Tables) and hands them here as flat arrays; bitsets are
 * little-endian arrays of 64-bit words, sized per problem. Every loop visits in the same
 * order as the Python code and every node is counted at the same place, so the routes,
 * the total and the node count are the Python path's on every problem
 * (tests/test_routing_kernel.py).
 * No clocks; the memo tables grow as needed and are freed with the kernel (block-bound
 * memo) or at the end of each single-train run (transposition memo). */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

typedef uint64_t u64;
typedef int64_t i64;

#define NORMAL 0
#define END_ONLY 1
#define PASSABLE 2
#define BIG ((i64)1 << 30)
#define BLOCK_MIN 4
#define RELIST 300

/* ---------------------------------------------------------------- hash maps */

/* Open addressing, linear probing; a slot is [tag, key words..., value] in one run of
 * words, tag = generation << 32 | 32 bits of the hash: a slot of another generation is
 * empty, so the table is emptied by counting on (the transposition memo, one a run). */
typedef struct {
    size_t cap, n;
    int kw, sw;
    u64 gen;
    u64 *slots;
} Map;

static int map_init(Map *m, int kw, size_t cap) {
    m->cap = cap;
    m->n = 0;
    m->kw = kw;
    m->sw = kw + 2;
    m->gen = 1;
    m->slots = (u64 *)calloc(cap * (size_t)m->sw, sizeof(u64));
    return m->slots != NULL;
}

static void map_free(Map *m) {
    free(m->slots);
    m->slots = NULL;
}

static void map_clear(Map *m) {
    m->n = 0;
    if (m->gen >= 0xFFFFFFFFULL) {
        memset(m->slots, 0, sizeof(u64) * m->cap * (size_t)m->sw);
        m->gen = 0;
    }
    m->gen++;
}

static inline u64 fmix64(u64 h) {
    h ^= h >> 33;
    h *= 0xFF51AFD7ED558CCDULL;
    h ^= h >> 33;
    h *= 0xC4CEB9FE1A85EC53ULL;
    h ^= h >> 33;
    return h;
}

/* One multiply a word (independent, so they run side by side), one finaliser. */
static const u64 HASH_MUL[8] = {
    0x9E3779B97F4A7C15ULL, 0xC2B2AE3D27D4EB4FULL, 0x165667B19E3779F9ULL,
    0xD6E8FEB86659FD93ULL, 0xFF51AFD7ED558CCDULL, 0xC4CEB9FE1A85EC53ULL,
    0x94D049BB133111EBULL, 0xBF58476D1CE4E5B9ULL,
};

static inline u64 hash_words(const u64 *k, int kw) {
    u64 h = 0;
    for (int i = 0; i < kw; i++)
        h += (k[i] ^ (k[i] >> 29)) * HASH_MUL[i & 7] + (u64)(i >> 3);
    return fmix64(h) | 1; /* never 0 */
}

static inline int same_key(const u64 *a, const u64 *b, int kw) {
    for (int i = 0; i < kw; i++)
        if (a[i] != b[i])
            return 0;
    return 1;
}

static inline u64 *map_slot(const Map *m, u64 h) {
    return m->slots + ((size_t)(h >> 7) & (m->cap - 1)) * (size_t)m->sw;
}

static inline void map_prefetch(const Map *m, const u64 *key) {
    __builtin_prefetch(map_slot(m, hash_words(key, m->kw)));
}

static inline u64 map_tag(const Map *m, u64 h) { return m->gen << 32 | (h & 0xFFFFFFFFULL); }

static i64 *map_find(Map *m, const u64 *key) {
    int kw = m->kw, sw = m->sw;
    u64 h = hash_words(key, kw), tag = map_tag(m, h);
    u64 *slot = map_slot(m, h), *end = m->slots + m->cap * (size_t)sw;
    while (slot[0] >> 32 == m->gen) {
        if (slot[0] == tag && same_key(slot + 1, key, kw))
            return (i64 *)(slot + 1 + kw);
        slot += sw;
        if (slot == end)
            slot = m->slots;
    }
    return NULL;
}

static int map_grow(Map *m);

/* Insert or overwrite. Returns 0 on allocation failure. */
static int map_put(Map *m, const u64 *key, i64 val) {
    if (2 * (m->n + 1) > m->cap && !map_grow(m))
        return 0;
    int kw = m->kw, sw = m->sw;
    u64 h = hash_words(key, kw), tag = map_tag(m, h);
    u64 *slot = map_slot(m, h), *end = m->slots + m->cap * (size_t)sw;
    while (slot[0] >> 32 == m->gen) {
        if (slot[0] == tag && same_key(slot + 1, key, kw)) {
            memcpy(slot + 1 + kw, &val, sizeof(i64));
            return 1;
        }
        slot += sw;
        if (slot == end)
            slot = m->slots;
    }
    slot[0] = tag;
    memcpy(slot + 1, key, sizeof(u64) * (size_t)kw);
    memcpy(slot + 1 + kw, &val, sizeof(i64));
    m->n++;
    return 1;
}

static int map_grow(Map *m) {
    Map bigger;
    if (!map_init(&bigger, m->kw, m->cap * 2))
        return 0;
    bigger.gen = m->gen;
    for (size_t i = 0; i < m->cap; i++) {
        u64 *slot = m->slots + i * (size_t)m->sw;
        if (slot[0] >> 32 == m->gen) {
            i64 v;
            memcpy(&v, slot + 1 + m->kw, sizeof(i64));
            map_put(&bigger, slot + 1, v);
        }
    }
    map_free(m);
    *m = bigger;
    return 1;
}

/* The block-bound memo, compact (it is read at almost every node, and its misses in the
 * cache are most of a node's time on the big searches). A slot is sw words holding the
 * vertex set gm (bits below nv), the rest of the key (meta: 20 bits, never 0, so 0
 * marks an empty slot) and the bound; filled to half, then doubled. Packed, when nv + 36
 * bits fit in gm's own words and every bound is below 2^16: [gm | meta << nv | value <<
 * (nv + 20)] (16 bytes for two-word sets); else one more word: [gm..., meta | value <<
 * 32]. */
#define META_BITS 20
#define FRONT (1 << 14)

typedef struct {
    size_t cap, n;
    int wv, sw, mpos, vpos, vbits;
    u64 *slots;
    u64 keymask[9];
} BMap;

static inline void put_field(u64 *w, int pos, int len, u64 x) {
    w[pos >> 6] |= x << (pos & 63);
    if ((pos & 63) + len > 64)
        w[(pos >> 6) + 1] |= x >> (64 - (pos & 63));
}

static inline u64 get_field(const u64 *w, int pos, int len) {
    u64 x = w[pos >> 6] >> (pos & 63);
    if ((pos & 63) + len > 64)
        x |= w[(pos >> 6) + 1] << (64 - (pos & 63));
    return len == 64 ? x : x & (((u64)1 << len) - 1);
}

/* Big tables are mapped with huge pages where the system offers them (fewer misses of
 * the address translation on a table read at random). */
#define BMAP_MAPPED_FROM ((size_t)4 << 20)

static u64 *bmap_alloc(size_t words) {
    size_t bytes = words * sizeof(u64);
#if defined(__linux__) && defined(MAP_ANONYMOUS)
    if (bytes >= BMAP_MAPPED_FROM) {
        void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (p == MAP_FAILED)
            return NULL;
#ifdef MADV_HUGEPAGE
        madvise(p, bytes, MADV_HUGEPAGE);
#endif
        return (u64 *)p;
    }
#endif
    return (u64 *)calloc(words, sizeof(u64));
}

static void bmap_release(u64 *slots, size_t words) {
    if (!slots)
        return;
#if defined(__linux__) && defined(MAP_ANONYMOUS)
    if (words * sizeof(u64) >= BMAP_MAPPED_FROM) {
        munmap(slots, words * sizeof(u64));
        return;
    }
#endif
    free(slots);
}

/* packed: whether the packed layout is used (the caller checks it fits) */
static int bmap_init(BMap *m, int wv, int nv, int packed, size_t cap) {
    m->cap = cap;
    m->n = 0;
    m->wv = wv;
    if (packed) {
        m->sw = wv;
        m->mpos = nv;
        m->vpos = nv + META_BITS;
        m->vbits = 16;
    } else {
        m->sw = wv + 1;
        m->mpos = 64 * wv;
        m->vpos = 64 * wv + 32;
        m->vbits = 32;
    }
    int kbits = m->mpos + META_BITS;
    for (int i = 0; i < m->sw; i++) {
        int lo = 64 * i;
        m->keymask[i] = kbits >= lo + 64 ? ~(u64)0 : kbits <= lo ? 0
                        : (((u64)1 << (kbits - lo)) - 1);
    }
    m->slots = bmap_alloc(cap * (size_t)m->sw);
    return m->slots != NULL;
}

static void bmap_free(BMap *m) {
    bmap_release(m->slots, m->cap * (size_t)m->sw);
    m->slots = NULL;
}

/* The hash leaves out the stop and the mode (all but the anchor of meta): the keys of
 * one vertex set lie side by side, so the two children of a move (the bottom arm begun
 * at the anchor, the top arm going on), which share it, read one cache line. */
static inline u64 bmap_hash(const u64 *gm, int wv, u64 meta) {
    u64 h = ((meta - 1) >> 2 & 511) * HASH_MUL[7];
    for (int i = 0; i < wv; i++)
        h += (gm[i] ^ (gm[i] >> 29)) * HASH_MUL[i & 7] + (u64)(i >> 3);
    return fmix64(h);
}

static inline u64 *bmap_slot(const BMap *m, u64 h) {
    return m->slots + ((size_t)h & (m->cap - 1)) * (size_t)m->sw;
}

static inline void bmap_prefetch(const BMap *m, const u64 *gm, u64 meta) {
    __builtin_prefetch(bmap_slot(m, bmap_hash(gm, m->wv, meta)));
}

static inline void bmap_image(const BMap *m, const u64 *gm, u64 meta, u64 *img) {
    for (int i = 0; i < m->sw; i++)
        img[i] = i < m->wv ? gm[i] : 0;
    put_field(img, m->mpos, META_BITS, meta);
}

static inline int bmap_match(const BMap *m, const u64 *slot, const u64 *img) {
    for (int i = 0; i < m->sw; i++)
        if ((slot[i] & m->keymask[i]) != img[i])
            return 0;
    return 1;
}

static inline i64 bmap_value(const BMap *m, const u64 *slot) {
    u64 x = get_field(slot, m->vpos, m->vbits);
    return m->vbits == 32 ? (i64)(int32_t)(uint32_t)x : (i64)x;
}

/* 1 and *val when found (h: the key's hash, img: its image) */
static inline int bmap_find(const BMap *m, u64 h, const u64 *img, i64 *val) {
    int sw = m->sw;
    u64 *slot = bmap_slot(m, h), *end = m->slots + m->cap * (size_t)sw;
    for (;;) {
        if (!get_field(slot, m->mpos, META_BITS))
            return 0;
        if (bmap_match(m, slot, img)) {
            *val = bmap_value(m, slot);
            return 1;
        }
        slot += sw;
        if (slot == end)
            slot = m->slots;
    }
}

static void bmap_insert(BMap *m, const u64 *gm, u64 meta, i64 val) {
    int sw = m->sw;
    u64 *slot = bmap_slot(m, bmap_hash(gm, m->wv, meta)), *end = m->slots + m->cap * (size_t)sw;
    while (get_field(slot, m->mpos, META_BITS)) {
        slot += sw;
        if (slot == end)
            slot = m->slots;
    }
    bmap_image(m, gm, meta, slot);
    u64 v = m->vbits == 32 ? (u64)(uint32_t)(int32_t)val : (u64)val;
    put_field(slot, m->vpos, m->vbits, v);
    m->n++;
}

/* Add a key not in the memo; 0 when memory ran out. */
static int bmap_add(BMap *m, const u64 *gm, u64 meta, i64 val) {
    if (2 * (m->n + 1) > m->cap) {
        BMap bigger = *m;
        bigger.cap = m->cap * 2;
        bigger.n = 0;
        bigger.slots = bmap_alloc(bigger.cap * (size_t)m->sw);
        if (!bigger.slots)
            return 0;
        u64 gm2[m->wv];
        for (size_t i = 0; i < m->cap; i++) {
            u64 *slot = m->slots + i * (size_t)m->sw;
            u64 meta2 = get_field(slot, m->mpos, META_BITS);
            if (!meta2)
                continue;
            for (int q = 0; q < m->wv; q++)
                gm2[q] = slot[q] & m->keymask[q];
            if (m->sw == m->wv) /* packed: gm's words hold the meta and value too */
                for (int q = 0; q < m->wv; q++) {
                    int lo = 64 * q;
                    gm2[q] &= m->mpos >= lo + 64 ? ~(u64)0 : m->mpos <= lo ? 0
                              : (((u64)1 << (m->mpos - lo)) - 1);
                }
            bmap_insert(&bigger, gm2, meta2, bmap_value(m, slot));
        }
        bmap_free(m);
        *m = bigger;
    }
    bmap_insert(m, gm, meta, val);
    return 1;
}

/* ---------------------------------------------------------------- the kernel */

typedef struct {
    PyObject_HEAD
    int ns, nh, nv, nm, wp, wv, n_groups, transpose, local, maxtr, rs, snapmax;
    i64 pass_extra;
    i64 *val, *bon, *top, *flow, *stop_end, *near_val;
    int *kind, *mstart, *mlist, *mtarget, *near_start, *near_bit;
    int *lw;      /* per entry of the move lists: the stop reached (mtarget[mlist[j]]) */
    u64 *lpieces; /* and its pieces (wp words), so the hot loops read one stream */
    u64 *gvm, *mpieces, *mpasses, *relax, *end_mask;
    /* search state */
    i64 nodes, budget;
    int oob, nomem;
    BMap bmemo;
    u64 *front; /* FRONT entries in the memo's slot format */
    Map tmemo; /* the transposition memo of the single-train run under way */
    struct XTree *xt; /* collect's search tree, kept across its calls (see XTree) */
    /* chain scratch */
    int *num, *low, *at, *vstack;
    i64 *best_at, *root_one, *root_both, *ones;
    u64 *todo;
} Kernel;

static inline int any_and(const u64 *a, const u64 *b, int n) {
    for (int i = 0; i < n; i++)
        if (a[i] & b[i])
            return 1;
    return 0;
}

static inline int any_set(const u64 *a, int n) {
    for (int i = 0; i < n; i++)
        if (a[i])
            return 1;
    return 0;
}

static inline int has_bit(const u64 *a, int b) { return (int)(a[b >> 6] >> (b & 63) & 1); }

/* The most a simple path (two, if two) from x collects in what gm leaves (blockcut.chain). */
static i64 chain(Kernel *k, int x, const u64 *gm, int two) {
    int nv = k->nv, wv = k->wv;
    u64 inner[wv];
    for (int i = 0; i < wv; i++)
        inner[i] = ~gm[i] & ~k->end_mask[i];
    inner[x >> 6] |= (u64)1 << (x & 63);
    int *num = k->num, *low = k->low, *at = k->at, *vstack = k->vstack;
    i64 *best_at = k->best_at;
    u64 *todo = k->todo;
    memset(num, 0, sizeof(int) * (size_t)nv);
    memset(low, 0, sizeof(int) * (size_t)nv);
    memset(best_at, 0, sizeof(i64) * (size_t)nv);
    num[x] = low[x] = 1;
    int counter = 2;
    int depth = 0;
    at[0] = x;
    for (int i = 0; i < wv; i++)
        todo[i] = k->relax[(size_t)x * wv + i] & inner[i];
    int vs = 0, nroot = 0;
    const i64 *flow = k->flow, *stop_end = k->stop_end;
    for (;;) {
        u64 *t = todo + (size_t)depth * wv;
        int u = at[depth];
        int w = -1;
        for (int i = 0; i < wv; i++) {
            if (t[i]) {
                w = i * 64 + __builtin_ctzll(t[i]);
                t[i] &= t[i] - 1;
                break;
            }
        }
        if (w >= 0) {
            int nw = num[w];
            if (!nw) {
                num[w] = low[w] = counter++;
                vstack[vs++] = w;
                depth++;
                at[depth] = w;
                u64 *row = todo + (size_t)depth * wv;
                const u64 *adj = k->relax + (size_t)w * wv;
                for (int i = 0; i < wv; i++)
                    row[i] = adj[i] & inner[i];
            } else if (nw < low[u]) {
                low[u] = nw;
            }
            continue;
        }
        depth--;
        if (depth < 0)
            break;
        int p = at[depth];
        int lu = low[u];
        if (lu < low[p])
            low[p] = lu;
        if (lu < num[p])
            continue;
        i64 total = 0, e1 = 0, e2 = 0;
        for (;;) {
            int y = vstack[--vs];
            total += flow[y];
            i64 c = best_at[y];
            if (stop_end[y] > c)
                c = stop_end[y];
            for (int j = k->near_start[y]; j < k->near_start[y + 1]; j++) {
                if (!has_bit(gm, k->near_bit[j])) {
                    if (k->near_val[j] > c)
                        c = k->near_val[j];
                    break;
                }
            }
            if (c > e1) {
                e2 = e1;
                e1 = c;
            } else if (c > e2) {
                e2 = c;
            }
            if (y == u)
                break;
        }
        i64 one = total + e1;
        if (p == x) {
            k->root_one[nroot] = one;
            k->root_both[nroot] = one + e2;
            nroot++;
        }
        if (one > best_at[p])
            best_at[p] = one;
    }
    i64 *ones = k->ones;
    int n = 0;
    for (int i = 0; i < nroot; i++)
        ones[n++] = k->root_one[i];
    for (int j = k->near_start[x]; j < k->near_start[x + 1]; j++)
        if (!has_bit(gm, k->near_bit[j]))
            ones[n++] = k->near_val[j];
    if (!n)
        return 0;
    /* the two largest (Python sorts them all) */
    i64 b1 = ones[0], b2 = INT64_MIN;
    for (int i = 1; i < n; i++) {
        if (ones[i] > b1) {
            b2 = b1;
            b1 = ones[i];
        } else if (ones[i] > b2) {
            b2 = ones[i];
        }
    }
    if (!two)
        return b1;
    i64 result = b1 + (n > 1 ? b2 : 0);
    for (int i = 0; i < nroot; i++)
        if (k->root_both[i] > result)
            result = k->root_both[i];
    return result;
}

#ifdef BNB_STATS
#endif

static inline u64 bb_meta(int v, int anchor, int mode) {
    return ((u64)(unsigned)v << 11 | (u64)(unsigned)anchor << 2 | (u64)mode) + 1;
}

/* Fetch the memo slots the children of a node will read (a memo miss in the cache is
 * most of a node's time on the big searches); no effect on what is computed. */
static void prefetch_children(Kernel *k, int v, const u64 *rmask, const u64 *gm, int cnt,
                              int cap, int bottom, int minmove, int anchor) {
    int wp = k->wp, wv = k->wv;
    u64 g2[wv];
    int anchor_normal = k->kind[anchor] == NORMAL;
    for (int j = k->mstart[v]; j < k->mstart[v + 1]; j++) {
        int mi = k->mlist[j];
        int w = k->lw[j];
        if (mi <= minmove || w < anchor || has_bit(gm, w) ||
            any_and(k->lpieces + (size_t)j * wp, rmask, wp))
            continue;
        const u64 *gw = k->gvm + (size_t)w * wv, *pw = k->mpasses + (size_t)mi * wv;
        for (int i = 0; i < wv; i++)
            g2[i] = gm[i] | gw[i] | pw[i];
        int k2 = k->kind[w];
        int c2 = cnt + 1;
        int mode = bottom || !anchor_normal ? 0 : (w == anchor ? 2 : 1);
        if (c2 <= cap) {
            if (!bottom && c2 < cap && anchor_normal && cap - c2 >= BLOCK_MIN)
                bmap_prefetch(&k->bmemo, g2, bb_meta(anchor, anchor, 0));
            if (k2 == NORMAL && c2 < cap && cap - c2 >= BLOCK_MIN)
                bmap_prefetch(&k->bmemo, g2, bb_meta(w, anchor, mode));
        }
        if (k2 == PASSABLE && cap - cnt >= BLOCK_MIN)
            bmap_prefetch(&k->bmemo, g2, bb_meta(w, anchor, mode));
    }
}

#ifdef BNB_STATS
static long long st_calls, st_miss;
#endif

static i64 block_bound(Kernel *k, int v, int anchor, const u64 *gm, int mode) {
#ifdef BNB_STATS
    st_calls++;
#endif
    BMap *m = &k->bmemo;
    u64 meta = bb_meta(v, anchor, mode);
    u64 h = bmap_hash(gm, m->wv, meta);
    int sw = m->sw;
    u64 img[sw];
    bmap_image(m, gm, meta, img);
    /* A small direct-mapped copy of the recently read entries first (it stays in the
     * cache: on long_grey_008 major2 a 16K-entry one answers about 80% of the reads). */
    u64 *fe = k->front + ((size_t)(h >> 40) & (FRONT - 1)) * (size_t)sw;
    if (bmap_match(m, fe, img))
        return bmap_value(m, fe);
    i64 r;
    if (!bmap_find(m, h, img, &r)) {
#ifdef BNB_STATS
        st_miss++;
#endif
        if (mode == 0)
            r = chain(k, v, gm, 0);
        else if (mode == 1)
            r = chain(k, v, gm, 0) + chain(k, anchor, gm, 0);
        else
            r = chain(k, v, gm, 1);
        int fits = m->vbits == 32 ? (r <= INT32_MAX && r >= INT32_MIN) : (r >= 0 && r < 65536);
        if (!fits || !bmap_add(m, gm, meta, r)) {
            k->nomem = 1;
            return r;
        }
    }
    memcpy(fe, img, sizeof(u64) * (size_t)sw);
    put_field(fe, m->vpos, m->vbits,
              m->vbits == 32 ? (u64)(uint32_t)(int32_t)r : (u64)r);
    return r;
}

/* ---------------------------------------------------------------- snaps */
/* A snap: [n, then per route: anchor, tl, top..., bl, bot...]. A route alone is the same
 * without the leading n. */

static int route_len(const int *r) { return 3 + r[1] + r[2 + r[1]]; }

static int snap_len(const int *s) {
    int at = 1;
    for (int i = 0; i < s[0]; i++)
        at += route_len(s + at);
    return at;
}

static int write_route(int *out, int anchor, const int *top, int tl, const int *bot, int bl) {
    out[0] = anchor;
    out[1] = tl;
    memcpy(out + 2, top, sizeof(int) * (size_t)tl);
    out[2 + tl] = bl;
    memcpy(out + 3 + tl, bot, sizeof(int) * (size_t)bl);
    return 3 + tl + bl;
}

static void snap_pieces(Kernel *k, const int *s, u64 *out) {
    memset(out, 0, sizeof(u64) * (size_t)k->wp);
    int at = 1;
    for (int i = 0; i < s[0]; i++) {
        const int *r = s + at;
        int tl = r[1], bl = r[2 + tl];
        for (int j = 0; j < tl; j++)
            for (int q = 0; q < k->wp; q++)
                out[q] |= k->mpieces[(size_t)r[2 + j] * k->wp + q];
        for (int j = 0; j < bl; j++)
            for (int q = 0; q < k->wp; q++)
                out[q] |= k->mpieces[(size_t)r[3 + tl + j] * k->wp + q];
        at += route_len(r);
    }
}

/* ---------------------------------------------------------------- catalogues */

typedef struct {
    int n, cw;
    i64 floor;
    i64 *values;
    int *roff;   /* route j at routes + roff[j] */
    int *routes;
    u64 *conflicts; /* per move, cw words */
    u64 *zero;      /* cw zero words */
} Cat;

static void cat_free(Cat *c) {
    if (!c)
        return;
    free(c->values);
    free(c->roff);
    free(c->routes);
    free(c->conflicts);
    free(c->zero);
    free(c);
}

/* first route not blocked, or -1. from: a word before which every route is known to be
 * blocked (a blocked set only grows down the search, so a node's first free route is at
 * or after its parent's; the words before it are not read, and need not be kept). */
static inline int cat_first_free(const Cat *c, const u64 *blocked, int from) {
    int cw = c->n ? c->cw : 0;
    for (int i = from; i < cw; i++) {
        u64 f = ~blocked[i];
        if (i == cw - 1 && (c->n & 63))
            f &= ((u64)1 << (c->n & 63)) - 1;
        if (f)
            return i * 64 + __builtin_ctzll(f);
    }
    return -1;
}

typedef struct {
    i64 rev;
    int idx, off, len;
} Entry;

typedef struct {
    Kernel *k;
    int cap;
    i64 lim, low;
    int most;
    int top[512], bot[512];
    int tl, bl, anchor_now;
    Entry *e;
    int ne, ecap;
    u64 *masks; /* per entry slot wp words: slot = index in e (kept in step) */
    const u64 *start_used; /* the pieces taken before (xext) */
    int any_used;          /* whether there are any */
    int *rbuf;
    size_t rlen, rcap;
} Collect;

static Collect *sort_ctx;

static int cmp_words_desc_index(const u64 *a, const u64 *b, int n) {
    for (int i = n - 1; i >= 0; i--)
        if (a[i] != b[i])
            return a[i] < b[i] ? -1 : 1;
    return 0;
}

static int cmp_tuple(const int *a, int al, const int *b, int bl) {
    int n = al < bl ? al : bl;
    for (int i = 0; i < n; i++)
        if (a[i] != b[i])
            return a[i] < b[i] ? -1 : 1;
    return al < bl ? -1 : (al > bl ? 1 : 0);
}

/* Python's order of (-rev, idx, rmask, (anchor, top, bot)) */
static int cmp_entry(const void *pa, const void *pb) {
    const int ia = *(const int *)pa, ib = *(const int *)pb;
    Collect *c = sort_ctx;
    const Entry *a = c->e + ia, *b = c->e + ib;
    if (a->rev != b->rev)
        return a->rev > b->rev ? -1 : 1;
    if (a->idx != b->idx)
        return a->idx < b->idx ? -1 : 1;
    int r = cmp_words_desc_index(c->masks + (size_t)ia * c->k->wp,
                                 c->masks + (size_t)ib * c->k->wp, c->k->wp);
    if (r)
        return r;
    const int *ra = c->rbuf + a->off, *rb = c->rbuf + b->off;
    if (ra[0] != rb[0])
        return ra[0] < rb[0] ? -1 : 1;
    r = cmp_tuple(ra + 2, ra[1], rb + 2, rb[1]);
    if (r)
        return r;
    return cmp_tuple(ra + 3 + ra[1], ra[2 + ra[1]], rb + 3 + rb[1], rb[2 + rb[1]]);
}

/* Whether entry a comes before entry b in cmp_entry's order (a total order: no two
 * entries are the same route), the value and index read inline. */
static inline int entry_before(Collect *c, int a, int b) {
    const Entry *ea = c->e + a, *eb = c->e + b;
    if (ea->rev != eb->rev)
        return ea->rev > eb->rev;
    if (ea->idx != eb->idx)
        return ea->idx < eb->idx;
    sort_ctx = c;
    return cmp_entry(&a, &b) < 0;
}

/* Sort order[0..n) by cmp_entry's order: a merge sort with the comparison inline (it was
 * qsort, a tenth of the time on the stress corpus's slowest position); the same order,
 * as the order is total. 0 when out of memory. */
static int sort_entries(Collect *c, int *order, int n) {
    if (n < 2)
        return 1;
    int *tmp = (int *)malloc(sizeof(int) * (size_t)n);
    if (!tmp)
        return 0;
    /* runs of 8 by insertion, then merged bottom-up */
    for (int lo = 0; lo < n; lo += 8) {
        int hi = lo + 8 < n ? lo + 8 : n;
        for (int i = lo + 1; i < hi; i++) {
            int x = order[i], j = i;
            while (j > lo && entry_before(c, x, order[j - 1])) {
                order[j] = order[j - 1];
                j--;
            }
            order[j] = x;
        }
    }
    int *src = order, *dst = tmp;
    for (int width = 8; width < n; width *= 2) {
        for (int lo = 0; lo < n; lo += 2 * width) {
            int mid = lo + width < n ? lo + width : n;
            int hi = lo + 2 * width < n ? lo + 2 * width : n;
            int i = lo, j = mid, o = lo;
            while (i < mid && j < hi)
                dst[o++] = entry_before(c, src[j], src[i]) ? src[j++] : src[i++];
            while (i < mid)
                dst[o++] = src[i++];
            while (j < hi)
                dst[o++] = src[j++];
        }
        int *sw = src;
        src = dst;
        dst = sw;
    }
    if (src != order)
        memcpy(order, src, sizeof(int) * (size_t)n);
    free(tmp);
    return 1;
}

/* Reorder a[0..n) so that a[kk] is the entry cmp_entry's order puts kk-th, those before
 * it come before it and those after it after it (Hoare's selection, the pivot the median
 * of three; the order is total, so the entries put before a[kk] are the same whatever
 * pivots are taken). */
static void select_entries(Collect *c, int *a, int n, int kk) {
    int lo = 0, hi = n - 1;
    while (hi > lo) {
        int mid = lo + (hi - lo) / 2, x;
#define XSWAP(p, q) (x = a[p], a[p] = a[q], a[q] = x)
        if (entry_before(c, a[mid], a[lo]))
            XSWAP(lo, mid);
        if (entry_before(c, a[hi], a[lo]))
            XSWAP(lo, hi);
        if (entry_before(c, a[hi], a[mid]))
            XSWAP(mid, hi);
        int pivot = a[mid];
        int i = lo, j = hi;
        while (i <= j) {
            while (entry_before(c, a[i], pivot))
                i++;
            while (entry_before(c, pivot, a[j]))
                j--;
            if (i <= j) {
                XSWAP(i, j);
                i++;
                j--;
            }
        }
#undef XSWAP
        if (kk <= j)
            hi = j;
        else if (kk >= i)
            lo = i;
        else
            break;
    }
}

/* Keep the first ``keep`` entries in cmp_entry's order (compacting the storage): sorted
 * when ``sorted`` (the list handed out), else only selected, the keep-th last (a trim
 * while listing: what is kept, and the floor it leaves, are the same either way, and the
 * order of the entries in storage is never read: each carries its own index). */
static int collect_trim(Collect *c, int keep, int sorted) {
    Kernel *k = c->k;
    int n = c->ne;
    int *order = (int *)malloc(sizeof(int) * (size_t)(n ? n : 1));
    if (!order)
        return 0;
    for (int i = 0; i < n; i++)
        order[i] = i;
    if (keep > n)
        keep = n;
    if (sorted) {
        if (!sort_entries(c, order, n)) {
            free(order);
            return 0;
        }
    } else if (keep > 0 && keep < n) {
        select_entries(c, order, n, keep - 1);
    }
    Entry *ne = (Entry *)malloc(sizeof(Entry) * (size_t)c->ecap);
    u64 *nm = (u64 *)malloc(sizeof(u64) * (size_t)c->ecap * k->wp);
    size_t total = 0;
    for (int i = 0; i < keep; i++)
        total += (size_t)c->e[order[i]].len;
    size_t ncap = c->rcap > total ? c->rcap : total + 1;
    int *nr = (int *)malloc(sizeof(int) * ncap);
    if (!ne || !nm || !nr) {
        free(order);
        free(ne);
        free(nm);
        free(nr);
        return 0;
    }
    size_t at = 0;
    for (int i = 0; i < keep; i++) {
        Entry *src = c->e + order[i];
        ne[i] = *src;
        ne[i].off = (int)at;
        memcpy(nr + at, c->rbuf + src->off, sizeof(int) * (size_t)src->len);
        at += (size_t)src->len;
        memcpy(nm + (size_t)i * k->wp, c->masks + (size_t)order[i] * k->wp,
               sizeof(u64) * (size_t)k->wp);
    }
    free(order);
    free(c->e);
    free(c->masks);
    free(c->rbuf);
    c->e = ne;
    c->masks = nm;
    c->rbuf = nr;
    c->rlen = at;
    c->rcap = ncap;
    c->ne = keep;
    return 1;
}

static void collect_keep(Collect *c, const u64 *rmask, i64 rev) {
    Kernel *k = c->k;
    if (rev <= c->low)
        return;
    if (c->ne >= c->ecap) {
        int ncap = c->ecap * 2;
        Entry *ne = (Entry *)realloc(c->e, sizeof(Entry) * (size_t)ncap);
        if (!ne) {
            k->nomem = 1;
            return;
        }
        c->e = ne;
        u64 *nm = (u64 *)realloc(c->masks, sizeof(u64) * (size_t)ncap * k->wp);
        if (!nm) {
            k->nomem = 1;
            return;
        }
        c->masks = nm;
        c->ecap = ncap;
    }
    int len = 3 + c->tl + c->bl;
    if (c->rlen + (size_t)len > c->rcap) {
        size_t ncap = c->rcap * 2 + (size_t)len;
        int *nr = (int *)realloc(c->rbuf, sizeof(int) * ncap);
        if (!nr) {
            k->nomem = 1;
            return;
        }
        c->rbuf = nr;
        c->rcap = ncap;
    }
    Entry *e = c->e + c->ne;
    e->rev = rev;
    e->idx = c->ne;
    e->off = (int)c->rlen;
    e->len = len;
    write_route(c->rbuf + c->rlen, c->anchor_now, c->top, c->tl, c->bot, c->bl);
    c->rlen += (size_t)len;
    memcpy(c->masks + (size_t)c->ne * k->wp, rmask, sizeof(u64) * (size_t)k->wp);
    c->ne++;
    if (c->ne >= 2 * c->most) {
        if (!collect_trim(c, c->most, 0)) {
            k->nomem = 1;
            return;
        }
        c->low = c->e[c->ne - 1].rev;
    }
}

/* A listing node is entered: counted (the budget may end the search here), then kept only
 * if the best stop values its room still allows can lift it above the list's floor.
 * Shared by cext and its kept-tree twin xext, which must count and prune alike. */
static int collect_enter(Collect *c, int cnt, i64 rev) {
    Kernel *k = c->k;
    k->nodes++;
    if (k->nodes == k->budget) {
        k->oob = 1;
        return 0;
    }
    int room = c->cap - cnt;
    i64 gain = (room < k->n_groups ? k->top[room] : k->top[k->n_groups]) + k->pass_extra;
    i64 floor_now = c->low;
    return !(rev + gain <= floor_now || c->lim <= floor_now);
}

static void cext(Collect *c, int v, const u64 *rmask, const u64 *gm, int cnt, i64 rev,
                 int bottom, int minmove, int anchor) {
    Kernel *k = c->k;
    if (!collect_enter(c, cnt, rev))
        return;
    int room = c->cap - cnt;
    i64 floor_now = c->low;
    int wp = k->wp, wv = k->wv;
    /* The first move the node may take: with none, the node does nothing whether the
     * block-cut bound prunes it or not, so the bound (a memo read) is not needed. */
    int first = k->mstart[v], last = k->mstart[v + 1];
    for (; first < last; first++) {
        int mi = k->mlist[first];
        int w = k->lw[first];
        if (!(mi <= minmove || w < anchor || has_bit(gm, w) ||
              any_and(k->lpieces + (size_t)first * wp, rmask, wp)))
            break;
    }
    if (first == last)
        return;
    if (room >= BLOCK_MIN) {
        int mode = bottom || k->kind[anchor] != NORMAL ? 0 : (v == anchor ? 2 : 1);
        if (rev + block_bound(k, v, anchor, gm, mode) <= floor_now)
            return;
    }
    u64 m2[wp], g2[wv];
    for (int j = first; j < last; j++) {
        int mi = k->mlist[j];
        int w = k->lw[j];
        const u64 *m = k->lpieces + (size_t)j * wp;
        if (mi <= minmove || w < anchor || has_bit(gm, w) || any_and(m, rmask, wp))
            continue;
        int k2 = k->kind[w];
        int c2 = cnt + 1;
        for (int i = 0; i < wp; i++)
            m2[i] = rmask[i] | m[i];
        const u64 *gw = k->gvm + (size_t)w * wv, *pw = k->mpasses + (size_t)mi * wv;
        for (int i = 0; i < wv; i++)
            g2[i] = gm[i] | gw[i] | pw[i];
        if (c->cap - c2 >= BLOCK_MIN) {
            /* the memo slots the children read, fetched while this node records the route */
            if (!bottom && k->kind[anchor] == NORMAL)
                bmap_prefetch(&k->bmemo, g2, bb_meta(anchor, anchor, 0));
            if (k2 == NORMAL)
                bmap_prefetch(&k->bmemo, g2,
                              bb_meta(w, anchor, bottom || k->kind[anchor] != NORMAL ? 0 : 1));
        }
        if (bottom)
            c->bot[c->bl++] = mi;
        else
            c->top[c->tl++] = mi;
        if (c2 <= c->cap) {
            i64 r2 = rev + k->val[w] + k->bon[w];
            collect_keep(c, m2, r2);
            if (k->nomem)
                return;
            if (!bottom && c2 < c->cap && k->kind[anchor] == NORMAL) {
                cext(c, anchor, m2, g2, c2, r2, 1, c->top[0], anchor);
                if (k->oob || k->nomem)
                    return;
            }
            if (k2 == NORMAL && c2 < c->cap) {
                cext(c, w, m2, g2, c2, r2, bottom, -1, anchor);
                if (k->oob || k->nomem)
                    return;
            }
        }
        if (k2 == PASSABLE) {
            cext(c, w, m2, g2, cnt, rev + k->bon[w], bottom, -1, anchor);
            if (k->oob || k->nomem)
                return;
        }
        if (bottom)
            c->bl--;
        else
            c->tl--;
    }
}

/* collect's search tree, kept (per solve, per train size) across its calls. Every call
 * (the two-train search's catalogue and each list made again below a node: thousands on
 * the stress corpus's hardest positions) walks the same tree of the train's partial
 * routes from each hub, differing only in the pieces taken before it (start_used), which
 * close some moves, and in the floor, which prunes; what a node's moves are without
 * start_used (its own route, the stops it visited) and its block-cut bound do not depend
 * on either. So the tree is kept: a node's open moves (those its own route leaves) and
 * its bound are found the first time the node is visited and read from here after.
 * xext visits exactly the nodes cext would, in its order, and counts them alike (the
 * same routes listed, the same node count: only faster); a child certain to stop at once
 * (no open move, or its kept bound under the floor) is counted without the call. Beyond
 * XTREE_MAX listed moves the tree stops growing and cext walks what it does not hold. */
#ifndef XTREE_MAX /* -DXTREE_MAX=300 exercises the fallback: the same nodes and routes */
#define XTREE_MAX (1 << 21)
#endif
#define XB_UNSET INT16_MIN

typedef struct {
    int32_t cand;  /* its first open move in XTree.cands, -1 until listed */
    int16_t bb;    /* the block-cut bound, XB_UNSET until read (or when it needs more bits) */
    int16_t ncand; /* how many; -1: no such node */
} XNode;

/* An open move of a node, with the nodes it leads to (kept here, next to the move, so a
 * walk reads them without another cache miss): 0 the bottom arm, 1 on, 2 passing. */
typedef struct {
    int32_t j; /* the move-list entry (k->mlist[j] the move) */
    XNode kid[3];
} XCand;

typedef struct XTree {
    int cap;  /* the train size it is for */
    int full; /* XTREE_MAX moves reached, or memory: no more */
    int nc, nccap;
    XNode root[512]; /* per anchor */
    XCand *cands;
} XTree;

static void xtree_free(XTree *t) {
    if (!t)
        return;
    free(t->cands);
    free(t);
}

/* Room for m more moves; 0 (the tree is then full) when over XTREE_MAX or out of memory. */
static int xtree_reserve(XTree *t, int m) {
    if (t->full || t->nc + m > XTREE_MAX) {
        t->full = 1;
        return 0;
    }
    if (t->nc + m > t->nccap) {
        int ncap = t->nccap ? t->nccap : 4096;
        while (ncap < t->nc + m)
            ncap *= 2;
        XCand *nc = (XCand *)realloc(t->cands, sizeof(XCand) * (size_t)ncap);
        if (!nc) {
            t->full = 1;
            return 0;
        }
        t->cands = nc;
        t->nccap = ncap;
    }
    return 1;
}

static inline void xnode_init(XNode *x, int present) {
    x->bb = XB_UNSET;
    x->cand = -1;
    x->ncand = present ? 0 : -1;
}

/* A node by reference: -1 - a the root of anchor a, else 3 * move + child. */
static inline XNode *xnode(XTree *t, int32_t ref) {
    return ref < 0 ? t->root + (-1 - ref) : t->cands[ref / 3].kid + ref % 3;
}

/* The tree for train size cap (a new one when the last was for another size); NULL when
 * there is none to be had (collect then walks with cext alone). */
static XTree *xtree_for(Kernel *k, int cap) {
    XTree *t = k->xt;
    if (t && t->cap == cap)
        return t;
    xtree_free(t);
    k->xt = NULL;
    if (k->nh > 512)
        return NULL;
    k->xt = t = (XTree *)calloc(1, sizeof(XTree));
    if (!t)
        return NULL;
    t->cap = cap;
    for (int a = 0; a < k->nh; a++)
        xnode_init(t->root + a, 1);
    return t;
}

/* List node ref's open moves (those its own route and visited stops leave) and make its
 * children; 0 when the tree is full (the caller walks the node with cext). */
static int xtree_list(Collect *c, XTree *t, int32_t ref, int v, const u64 *own, const u64 *gm,
                      int cnt, int bottom, int minmove, int anchor) {
    Kernel *k = c->k;
    int wp = k->wp;
    int first = k->mstart[v], last = k->mstart[v + 1];
    int n = 0;
    for (int j = first; j < last; j++) {
        int mi = k->mlist[j];
        int w = k->lw[j];
        if (!(mi <= minmove || w < anchor || has_bit(gm, w) ||
              any_and(k->lpieces + (size_t)j * wp, own, wp)))
            n++;
    }
    if (n > INT16_MAX || !xtree_reserve(t, n))
        return 0;
    int at = t->nc;
    t->nc += n;
    XNode *node = xnode(t, ref);
    node->cand = at;
    node->ncand = (int16_t)n;
    for (int j = first; j < last; j++) {
        int mi = k->mlist[j];
        int w = k->lw[j];
        if (mi <= minmove || w < anchor || has_bit(gm, w) ||
            any_and(k->lpieces + (size_t)j * wp, own, wp))
            continue;
        int k2 = k->kind[w];
        int c2 = cnt + 1;
        XCand *x = t->cands + at++;
        x->j = j;
        int on = c2 <= c->cap;
        xnode_init(x->kid + 0, on && !bottom && c2 < c->cap && k->kind[anchor] == NORMAL);
        xnode_init(x->kid + 1, on && k2 == NORMAL && c2 < c->cap);
        xnode_init(x->kid + 2, k2 == PASSABLE);
    }
    return 1;
}

static void cext(Collect *c, int v, const u64 *rmask, const u64 *gm, int cnt, i64 rev,
                 int bottom, int minmove, int anchor);

/* Whether a child is certain to stop at once, on its bound as kept (its visit is still
 * counted: the caller counts it without the call). */
static inline int xpruned(const Collect *c, const XNode *x, int cnt, i64 rev) {
    return (x->cand >= 0 && x->ncand == 0) ||
           (x->bb != XB_UNSET && c->cap - cnt >= BLOCK_MIN && rev + x->bb <= c->low);
}

/* cext on the kept tree: node ref; own, its own route's pieces (start_used not included). */
static void xext(Collect *c, XTree *t, int32_t ref, int v, const u64 *own, const u64 *gm,
                 int cnt, i64 rev, int bottom, int minmove, int anchor) {
    Kernel *k = c->k;
    int wp = k->wp, wv = k->wv;
    const u64 *su = c->start_used;
    if (!collect_enter(c, cnt, rev))
        return;
    int room = c->cap - cnt;
    i64 floor_now = c->low;
    int mode = bottom || k->kind[anchor] != NORMAL ? 0 : (v == anchor ? 2 : 1);
    XNode *node = xnode(t, ref);
    if (node->cand < 0) {
        /* first visit past the floor: list its moves (whatever happens next, so that a
         * node with none is known at once the next time) */
        if (!xtree_list(c, t, ref, v, own, gm, cnt, bottom, minmove, anchor)) {
            /* the tree is full: cext walks this node (counted once: here, not again) */
            u64 rm[wp];
            for (int i = 0; i < wp; i++)
                rm[i] = own[i] | su[i];
            k->nodes--;
            cext(c, v, rm, gm, cnt, rev, bottom, minmove, anchor);
            return;
        }
        node = xnode(t, ref);
    }
    {
        /* cext's test of a first move, then its bound */
        int q = node->cand, qe = node->cand + node->ncand;
        if (c->any_used)
            for (; q < qe; q++)
                if (!any_and(k->lpieces + (size_t)t->cands[q].j * wp, su, wp))
                    break;
        if (q == qe)
            return;
        if (room >= BLOCK_MIN) {
            i64 b = node->bb;
            if (node->bb == XB_UNSET) {
                b = block_bound(k, v, anchor, gm, mode);
                if (b > INT16_MIN && b <= INT16_MAX)
                    node->bb = (int16_t)b;
            }
            if (rev + b <= floor_now)
                return;
        }
    }
    int q = node->cand, qe = q + node->ncand;
    u64 m2[wp], g2[wv], full[wp];
    /* the children's own moves, fetched while this node's are walked */
    for (int p = q; p < qe; p++)
        for (int i = 0; i < 3; i++)
            if (t->cands[p].kid[i].cand >= 0)
                __builtin_prefetch(t->cands + t->cands[p].kid[i].cand);
    for (; q < qe; q++) {
        /* read afresh each time round: the children may move the array */
        int j = t->cands[q].j;
        const u64 *m = k->lpieces + (size_t)j * wp;
        if (c->any_used && any_and(m, su, wp))
            continue;
        int has_b = t->cands[q].kid[0].ncand >= 0, has_c = t->cands[q].kid[1].ncand >= 0,
            has_p = t->cands[q].kid[2].ncand >= 0;
        int mi = k->mlist[j];
        int w = k->lw[j];
        int c2 = cnt + 1;
        /* the children's pieces and visited set, made for the first child walked */
        int ready = 0;
#define XREADY()                                                                         \
    if (!ready) {                                                                        \
        for (int i = 0; i < wp; i++)                                                     \
            m2[i] = own[i] | m[i];                                                       \
        const u64 *gw = k->gvm + (size_t)w * wv, *pw = k->mpasses + (size_t)mi * wv;    \
        for (int i = 0; i < wv; i++)                                                     \
            g2[i] = gm[i] | gw[i] | pw[i];                                               \
        ready = 1;                                                                       \
    }
        if (bottom)
            c->bot[c->bl++] = mi;
        else
            c->top[c->tl++] = mi;
        if (c2 <= c->cap) {
            i64 r2 = rev + k->val[w] + k->bon[w];
            if (r2 > c->low) {
                for (int i = 0; i < wp; i++)
                    full[i] = own[i] | m[i] | su[i];
                collect_keep(c, full, r2);
                if (k->nomem)
                    return;
            }
            if (has_b) {
                if (xpruned(c, t->cands[q].kid + 0, c2, r2)) {
                    if (++k->nodes == k->budget) {
                        k->oob = 1;
                        return;
                    }
                } else {
                    XREADY();
                    xext(c, t, 3 * q, anchor, m2, g2, c2, r2, 1, c->top[0], anchor);
                    if (k->oob || k->nomem)
                        return;
                }
            }
            if (has_c) {
                if (xpruned(c, t->cands[q].kid + 1, c2, r2)) {
                    if (++k->nodes == k->budget) {
                        k->oob = 1;
                        return;
                    }
                } else {
                    XREADY();
                    xext(c, t, 3 * q + 1, w, m2, g2, c2, r2, bottom, -1, anchor);
                    if (k->oob || k->nomem)
                        return;
                }
            }
        }
        if (has_p) {
            if (xpruned(c, t->cands[q].kid + 2, cnt, rev + k->bon[w])) {
                if (++k->nodes == k->budget) {
                    k->oob = 1;
                    return;
                }
            } else {
                XREADY();
                xext(c, t, 3 * q + 2, w, m2, g2, cnt, rev + k->bon[w], bottom, -1, anchor);
                if (k->oob || k->nomem)
                    return;
            }
        }
#undef XREADY
        if (bottom)
            c->bl--;
        else
            c->tl--;
    }
}

/* _Search.collect: NULL when the budget ran out (k->oob) or memory did (k->nomem). */
static Cat *collect(Kernel *k, int cap, i64 lim, i64 floor, int most, const u64 *start_used) {
    u64 own0[k->wp]; /* a root's own route: no pieces */
    memset(own0, 0, sizeof(u64) * (size_t)k->wp);
    Collect c;
    c.k = k;
    c.cap = cap;
    c.lim = lim;
    c.low = floor;
    c.most = most;
    c.tl = c.bl = 0;
    c.anchor_now = 0;
    c.ecap = 64;
    c.ne = 0;
    c.e = (Entry *)malloc(sizeof(Entry) * (size_t)c.ecap);
    c.masks = (u64 *)malloc(sizeof(u64) * (size_t)c.ecap * k->wp);
    c.rcap = 1024;
    c.rlen = 0;
    c.rbuf = (int *)malloc(sizeof(int) * c.rcap);
    Cat *out = NULL;
    if (!c.e || !c.masks || !c.rbuf) {
        k->nomem = 1;
        goto done;
    }
    int wv = k->wv;
    c.start_used = start_used;
    c.any_used = any_set(start_used, k->wp);
    XTree *t = cap >= 2 ? xtree_for(k, cap) : NULL;
    for (int a = 0; a < k->nh; a++) {
        c.anchor_now = a;
        i64 va = k->val[a] + k->bon[a];
        if (k->local) {
            collect_keep(&c, start_used, va);
            if (k->nomem)
                goto done;
        }
        if (cap >= 2) {
            if (t)
                xext(&c, t, -1 - a, a, own0, k->gvm + (size_t)a * wv, 1, va, 0, -1, a);
            else
                cext(&c, a, start_used, k->gvm + (size_t)a * wv, 1, va, 0, -1, a);
            if (k->oob || k->nomem)
                goto done;
        }
    }
    if (!collect_trim(&c, c.ne, 1)) {
        k->nomem = 1;
        goto done;
    }
    if (c.ne > most) {
        c.ne = most;
        c.low = c.e[most - 1].rev;
    }
    out = (Cat *)calloc(1, sizeof(Cat));
    if (!out) {
        k->nomem = 1;
        goto done;
    }
    int n = c.ne;
    int cw = (n + 63) / 64;
    if (cw < 1)
        cw = 1;
    out->n = n;
    out->cw = cw;
    out->floor = c.low;
    size_t nn = n > 0 ? (size_t)n : 1;
    out->values = (i64 *)malloc(sizeof(i64) * nn);
    out->roff = (int *)malloc(sizeof(int) * nn);
    size_t rl = 0;
    for (int i = 0; i < n; i++)
        rl += (size_t)c.e[i].len;
    out->routes = (int *)malloc(sizeof(int) * (rl ? rl : 1));
    out->conflicts = (u64 *)calloc((size_t)k->nm * cw + 1, sizeof(u64));
    out->zero = (u64 *)calloc((size_t)cw, sizeof(u64));
    int nbits = k->wp * 64;
    u64 *rows = (u64 *)calloc((size_t)nbits * cw, sizeof(u64));
    if (!out->values || !out->roff || !out->routes || !out->conflicts || !out->zero || !rows) {
        free(rows);
        cat_free(out);
        out = NULL;
        k->nomem = 1;
        goto done;
    }
    size_t at = 0;
    for (int i = 0; i < n; i++) {
        out->values[i] = c.e[i].rev;
        out->roff[i] = (int)at;
        memcpy(out->routes + at, c.rbuf + c.e[i].off, sizeof(int) * (size_t)c.e[i].len);
        at += (size_t)c.e[i].len;
        const u64 *mask = c.masks + (size_t)i * k->wp;
        for (int q = 0; q < k->wp; q++) {
            u64 x = mask[q];
            while (x) {
                int b = q * 64 + __builtin_ctzll(x);
                x &= x - 1;
                rows[(size_t)b * cw + (i >> 6)] |= (u64)1 << (i & 63);
            }
        }
    }
    for (int mi = 0; mi < k->nm; mi++) {
        u64 *dst = out->conflicts + (size_t)mi * cw;
        const u64 *mp = k->mpieces + (size_t)mi * k->wp;
        /* A move using a piece taken before is never taken where this catalogue is read
         * (the pieces taken only grow below the call, and every search skips a move
         * sharing a piece with them before it reads its conflicts): its row stays empty. */
        if (c.any_used && any_and(mp, start_used, k->wp))
            continue;
        for (int q = 0; q < k->wp; q++) {
            u64 x = mp[q];
            while (x) {
                int b = q * 64 + __builtin_ctzll(x);
                x &= x - 1;
                const u64 *row = rows + (size_t)b * cw;
                for (int i = 0; i < cw; i++)
                    dst[i] |= row[i];
            }
        }
    }
    free(rows);
done:
    free(c.e);
    free(c.masks);
    free(c.rbuf);
    return out;
}

/* ---------------------------------------------------------------- two trains */

typedef struct {
    Kernel *k;
    int cap, pair, second_cap;
    int idle;    /* the second train may run nothing (route NULL in precord) */
    int reached; /* the ceiling was reached (Python's _Reached) */
    i64 lim, second_lim, best, ceiling;
    int top[512], bot[512];
    int tl, bl, anchor_now;
    int *found;
} Pair;

static void precord(Pair *r, i64 rev, i64 second, const int *route) {
    i64 total = rev + second;
    if (total > r->best) {
        r->best = total;
        int *f = r->found;
        f[0] = route ? 2 : 1;
        int len = write_route(f + 1, r->anchor_now, r->top, r->tl, r->bot, r->bl);
        if (route)
            memcpy(f + 1 + len, route, sizeof(int) * (size_t)route_len(route));
        if (total >= r->ceiling)
            r->reached = 1;
    }
}

/* commit of run_pair: the catalogue (and blocked set) the node's children see; *fresh is
 * set when a new catalogue was listed (the caller frees it). */
static Cat *pcommit(Pair *r, const u64 *rmask, i64 rev, const u64 *blocked, int from,
                    Cat *cat, const u64 **blocked_out, int *from_out, Cat **fresh) {
    *fresh = NULL;
    *blocked_out = blocked;
    int j = cat_first_free(cat, blocked, from);
    *from_out = j >= 0 ? j >> 6 : from;
    if (j >= 0) {
        precord(r, rev, cat->values[j], cat->routes + cat->roff[j]);
        return cat;
    }
    if (rev + cat->floor <= r->best)
        return cat;
    if (r->idle && !cat->n && cat->floor <= 0) {
        /* no route of the second train is worth anything here: it runs none */
        precord(r, rev, 0, NULL);
        return cat;
    }
    i64 low = r->best - rev;
    Cat *f = collect(r->k, r->second_cap, r->second_lim, low > 0 || !r->idle ? low : 0,
                     RELIST, rmask);
    if (!f)
        return NULL;
    if (f->n)
        precord(r, rev, f->values[0], f->routes + f->roff[0]);
    else if (r->idle)
        precord(r, rev, 0, NULL);
    *fresh = f;
    *blocked_out = f->zero;
    *from_out = 0;
    return f;
}

static void pext(Pair *r, int v, const u64 *rmask, const u64 *gm, int cnt, i64 rev,
                 int bottom, int minmove, int anchor, const u64 *blocked, int from, Cat *cat) {
    Kernel *k = r->k;
    k->nodes++;
    if (k->nodes == k->budget) {
        k->oob = 1;
        return;
    }
    int j = cat_first_free(cat, blocked, from);
    if (j >= 0)
        from = j >> 6;
    i64 second = j >= 0 ? cat->values[j] : cat->floor;
    int room = r->cap - cnt;
    i64 best_now = r->best - second;
    if (r->lim <= best_now)
        return;
    i64 gain = (room < k->n_groups ? k->top[room] : k->top[k->n_groups]) + k->pass_extra;
    if (rev + gain <= best_now)
        return;
    i64 future = gain;
    if (room >= BLOCK_MIN) {
        int mode = bottom || k->kind[anchor] != NORMAL ? 0 : (v == anchor ? 2 : 1);
        i64 bb = block_bound(k, v, anchor, gm, mode);
        if (bb < future)
            future = bb;
        if (rev + future <= best_now)
            return;
    }
    i64 ub = rev + future < r->lim ? rev + future : r->lim;
    if (r->pair && ub + (second < ub ? second : ub) <= r->best)
        return;
    Cat *own = NULL;
    if (j < 0 && !(r->idle && !cat->n && cat->floor <= 0)) {
        i64 low = r->best - ub;
        own = collect(k, r->second_cap, r->second_lim, low > 0 || !r->idle ? low : 0, RELIST,
                      rmask);
        if (!own)
            return;
        if (!own->n && (low >= 0 || !r->idle)) {
            cat_free(own);
            return;
        }
        cat = own;
        blocked = own->zero;
        from = 0;
    }
    int wp = k->wp, wv = k->wv, cw = cat->cw;
    prefetch_children(k, v, rmask, gm, cnt, r->cap, bottom, minmove, anchor);
    u64 m2[wp], g2[wv], b2[cw];
    for (int jj = k->mstart[v]; jj < k->mstart[v + 1]; jj++) {
        int mi = k->mlist[jj];
        int w = k->lw[jj];
        const u64 *m = k->lpieces + (size_t)jj * wp;
        if (mi <= minmove || w < anchor || has_bit(gm, w) || any_and(m, rmask, wp))
            continue;
        int k2 = k->kind[w];
        int c2 = cnt + 1;
        for (int i = 0; i < wp; i++)
            m2[i] = rmask[i] | m[i];
        const u64 *gw = k->gvm + (size_t)w * wv, *pw = k->mpasses + (size_t)mi * wv;
        for (int i = 0; i < wv; i++)
            g2[i] = gm[i] | gw[i] | pw[i];
        const u64 *cf = cat->conflicts + (size_t)mi * cw;
        for (int i = from; i < cw; i++)
            b2[i] = blocked[i] | cf[i];
        if (bottom)
            r->bot[r->bl++] = mi;
        else
            r->top[r->tl++] = mi;
        if (c2 <= r->cap) {
            i64 r2 = rev + k->val[w] + k->bon[w];
            const u64 *b3;
            int from3;
            Cat *fresh;
            Cat *here = pcommit(r, m2, r2, b2, from, cat, &b3, &from3, &fresh);
            if (!here)
                goto out;
            if (r->reached) {
                cat_free(fresh);
                goto out;
            }
            if (!bottom && c2 < r->cap && k->kind[anchor] == NORMAL) {
                pext(r, anchor, m2, g2, c2, r2, 1, r->top[0], anchor, b3, from3, here);
                if (k->oob || k->nomem || r->reached) {
                    cat_free(fresh);
                    goto out;
                }
            }
            if (k2 == NORMAL && c2 < r->cap) {
                pext(r, w, m2, g2, c2, r2, bottom, -1, anchor, b3, from3, here);
                if (k->oob || k->nomem || r->reached) {
                    cat_free(fresh);
                    goto out;
                }
            }
            cat_free(fresh);
        }
        if (k2 == PASSABLE) {
            pext(r, w, m2, g2, cnt, rev + k->bon[w], bottom, -1, anchor, b2, from, cat);
            if (k->oob || k->nomem || r->reached)
                goto out;
        }
        if (bottom)
            r->bl--;
        else
            r->tl--;
    }
out:
    cat_free(own);
}

/* run_pair on a catalogue of the second train: returns complete (0 when the budget ran
 * out); the best in *best_out, its snap in snap_out (the incumbent when none beat it) */
static int pair_search(Kernel *k, const i64 *caps, const i64 *alone, i64 best, const int *snap,
                       Cat *cat, const u64 *start_used, const u64 *start_blocked, i64 ceiling,
                       int idle, i64 *best_out, int *snap_out) {
    Pair r;
    r.k = k;
    r.cap = (int)caps[0];
    r.lim = alone[0];
    r.pair = caps[0] == caps[1];
    r.second_cap = (int)caps[1];
    r.second_lim = alone[1];
    r.idle = idle;
    r.reached = 0;
    r.ceiling = ceiling;
    r.best = best;
    r.tl = r.bl = 0;
    r.anchor_now = 0;
    r.found = snap_out;
    if (snap_out != snap)
        memcpy(snap_out, snap, sizeof(int) * (size_t)snap_len(snap));
    int wv = k->wv;
    for (int a = 0; a < k->nh; a++) {
        r.anchor_now = a;
        i64 va = k->val[a] + k->bon[a];
        if (k->local) {
            const u64 *b3;
            int from3;
            Cat *fresh;
            Cat *here = pcommit(&r, start_used, va, start_blocked, 0, cat, &b3, &from3, &fresh);
            cat_free(fresh);
            if (!here || r.reached)
                break;
        }
        if (r.cap >= 2) {
            pext(&r, a, start_used, k->gvm + (size_t)a * wv, 1, va, 0, -1, a, start_blocked, 0,
                 cat);
            if (k->oob || k->nomem || r.reached)
                break;
        }
    }
    *best_out = r.best;
    return !(k->oob || k->nomem);
}

/* ---------------------------------------------------------------- any number of trains */

typedef struct {
    i64 value;
    int any; /* the pieces are "every piece" (-1 in Python: only a bound) */
    u64 *pieces;
    int *snap;
} Rest;

static Rest *rest_new(Kernel *k) {
    Rest *r = (Rest *)malloc(sizeof(Rest));
    if (!r)
        return NULL;
    r->pieces = (u64 *)calloc((size_t)k->wp, sizeof(u64));
    r->snap = (int *)malloc(sizeof(int) * (size_t)k->snapmax);
    if (!r->pieces || !r->snap) {
        free(r->pieces);
        free(r->snap);
        free(r);
        return NULL;
    }
    r->snap[0] = 0;
    r->value = 0;
    r->any = 0;
    return r;
}

static void rest_free(Rest *r) {
    if (!r)
        return;
    free(r->pieces);
    free(r->snap);
    free(r);
}

static inline int rest_hits(Kernel *k, const Rest *rest, const u64 *rmask) {
    return rest->any ? any_set(rmask, k->wp) : any_and(rest->pieces, rmask, k->wp);
}

typedef struct {
    Kernel *k;
    const i64 *caps, *alone;
    int ncaps, cap, more, pair, twin, reached;
    i64 lim, best, ceiling;
    int top[512], bot[512];
    int tl, bl, anchor_now;
    int *found;
    Map *memo;
    Cat *pcat; /* three trains: the last one's catalogue, for the rest's run_pair */
} Run;

static int run_search(Kernel *k, const i64 *caps, const i64 *alone, int ncaps, i64 best,
                      const int *snap, const u64 *start_used, i64 ceiling, int pair_most,
                      i64 *best_out, int *snap_out);

static void rest_zero(Kernel *k, Rest *out) {
    out->value = 0;
    out->any = 0;
    memset(out->pieces, 0, sizeof(u64) * (size_t)k->wp);
    out->snap[0] = 0;
}

/* 1: a rest (in out); 0: None, or the budget ran out (k->oob). first_ub bounds every
 * first-train route of the subtree the rest serves: with the first two trains identical
 * (twin) the rest's first train is searched only up to it (trains.RunWalk.rest_above). */
static int rest_above(Run *r, const u64 *used, i64 floor, i64 ceiling, i64 first_ub,
                      Rest *out) {
    Kernel *k = r->k;
    if (!r->more) {
        if (floor < 0) {
            rest_zero(k, out);
            return 1;
        }
        return 0;
    }
    int empty = 0;
    i64 got;
    int complete;
    i64 rest_alone[r->ncaps - 1];
    memcpy(rest_alone, r->alone + 1, sizeof(i64) * (size_t)(r->ncaps - 1));
    if (r->twin && first_ub < rest_alone[0])
        rest_alone[0] = first_ub;
    if (r->pcat) {
        Cat *c = r->pcat;
        int cw = c->cw;
        u64 b0[cw > 0 ? cw : 1];
        memset(b0, 0, sizeof(u64) * (size_t)(cw > 0 ? cw : 1));
        for (int i = 0; i < r->tl; i++) {
            const u64 *cf = c->conflicts + (size_t)r->top[i] * cw;
            for (int q = 0; q < cw; q++)
                b0[q] |= cf[q];
        }
        for (int i = 0; i < r->bl; i++) {
            const u64 *cf = c->conflicts + (size_t)r->bot[i] * cw;
            for (int q = 0; q < cw; q++)
                b0[q] |= cf[q];
        }
        complete = pair_search(k, r->caps + 1, rest_alone, floor, &empty, c, used, b0,
                               ceiling, 1, &got, out->snap);
    } else {
        complete = run_search(k, r->caps + 1, rest_alone, r->ncaps - 1, floor, &empty, used,
                              ceiling, 0, &got, out->snap);
    }
    if (!complete) {
        k->oob = 1;
        return 0;
    }
    if (got <= floor) {
        if (floor < 0) {
            rest_zero(k, out);
            return 1;
        }
        return 0;
    }
    out->value = got;
    out->any = 0;
    snap_pieces(k, out->snap, out->pieces);
    return 1;
}

static void run_record(Run *r, i64 total, const Rest *rest) {
    r->best = total;
    int *f = r->found;
    f[0] = 1 + rest->snap[0];
    int len = write_route(f + 1, r->anchor_now, r->top, r->tl, r->bot, r->bl);
    int rl = snap_len(rest->snap) - 1;
    memcpy(f + 1 + len, rest->snap + 1, sizeof(int) * (size_t)rl);
    if (total >= r->ceiling)
        r->reached = 1;
}

/* commit of run: the rest this route leaves (rest itself or store; first_ub bounds the
 * route's extensions too); NULL when the budget ran out */
static Rest *rcommit(Run *r, const u64 *rmask, i64 rev, Rest *rest, Rest *store,
                     i64 first_ub) {
    Kernel *k = r->k;
    if (rest_hits(k, rest, rmask)) {
        if (!rest_above(r, rmask, r->best - rev, rest->value, first_ub, store)) {
            if (k->oob || k->nomem)
                return NULL;
            store->value = r->best - rev;
            store->any = 1;
            store->snap[0] = 0;
        }
        rest = store;
    }
    i64 total = rev + rest->value;
    if (total > r->best)
        run_record(r, total, rest);
    return rest;
}

static void rext(Run *r, int v, const u64 *rmask, const u64 *gm, int cnt, i64 rev, int bottom,
                 int minmove, int anchor, Rest *rest) {
    Kernel *k = r->k;
    k->nodes++;
    if (k->nodes == k->budget) {
        k->oob = 1;
        return;
    }
    int room = r->cap - cnt;
    i64 best_now = r->best - rest->value;
    if (r->lim <= best_now)
        return;
    i64 gain = (room < k->n_groups ? k->top[room] : k->top[k->n_groups]) + k->pass_extra;
    if (rev + gain <= best_now)
        return;
    i64 future;
    if (room >= BLOCK_MIN) {
        int mode = bottom || k->kind[anchor] != NORMAL ? 0 : (v == anchor ? 2 : 1);
        i64 bb = block_bound(k, v, anchor, gm, mode);
        future = gain < bb ? gain : bb;
        if (rev + future <= best_now)
            return;
    } else {
        future = gain;
    }
    if (r->lim - rev < future)
        future = r->lim - rev;
    if (r->pair) {
        i64 ub = rev + future;
        if (ub + (rest->value < ub ? rest->value : ub) <= r->best)
            return;
    }
    Rest *fresh = NULL, *here_store = NULL;
    int wp = k->wp, wv = k->wv;
    if (rest_hits(k, rest, rmask)) {
        fresh = rest_new(k);
        if (!fresh) {
            k->nomem = 1;
            return;
        }
        int ok = rest_above(r, rmask, r->best - rev - future, rest->value, rev + future, fresh);
        if (k->oob || k->nomem || !ok || rev + future + fresh->value <= r->best) {
            rest_free(fresh);
            return;
        }
        rest = fresh;
    }
    u64 key[wv + 3];
    if (r->memo) {
        memcpy(key, gm, sizeof(u64) * (size_t)wv);
        int armflag = bottom ? -2 : (r->tl ? r->top[0] : -1);
        key[wv] = ((u64)(uint32_t)v << 32) | (uint32_t)anchor;
        key[wv + 1] = ((u64)(uint32_t)minmove << 32) | (uint32_t)armflag;
        key[wv + 2] = (u64)(r->cap < BIG ? cnt : 0);
        i64 *seen = map_find(r->memo, key);
        if (seen && rev + *seen <= r->best)
            goto out;
    }
    {
    prefetch_children(k, v, rmask, gm, cnt, r->cap, bottom, minmove, anchor);
    u64 m2[wp], g2[wv];
    for (int jj = k->mstart[v]; jj < k->mstart[v + 1]; jj++) {
        int mi = k->mlist[jj];
        int w = k->lw[jj];
        const u64 *m = k->lpieces + (size_t)jj * wp;
        if (mi <= minmove || w < anchor || has_bit(gm, w) || any_and(m, rmask, wp))
            continue;
        int k2 = k->kind[w];
        int c2 = cnt + 1;
        for (int i = 0; i < wp; i++)
            m2[i] = rmask[i] | m[i];
        const u64 *gw = k->gvm + (size_t)w * wv, *pw = k->mpasses + (size_t)mi * wv;
        for (int i = 0; i < wv; i++)
            g2[i] = gm[i] | gw[i] | pw[i];
        if (bottom)
            r->bot[r->bl++] = mi;
        else
            r->top[r->tl++] = mi;
        if (c2 <= r->cap) {
            i64 r2 = rev + k->val[w] + k->bon[w];
            Rest *here = rest;
            if (r2 + rest->value > r->best) {
                if (!here_store) {
                    here_store = rest_new(k);
                    if (!here_store) {
                        k->nomem = 1;
                        goto out;
                    }
                }
                here = rcommit(r, m2, r2, rest, here_store, rev + future);
                if (!here || r->reached)
                    goto out;
            }
            if (!bottom && c2 < r->cap && k->kind[anchor] == NORMAL) {
                rext(r, anchor, m2, g2, c2, r2, 1, r->top[0], anchor, here);
                if (k->oob || k->nomem || r->reached)
                    goto out;
            }
            if (k2 == NORMAL && c2 < r->cap) {
                rext(r, w, m2, g2, c2, r2, bottom, -1, anchor, here);
                if (k->oob || k->nomem || r->reached)
                    goto out;
            }
        }
        if (k2 == PASSABLE) {
            rext(r, w, m2, g2, cnt, rev + k->bon[w], bottom, -1, anchor, rest);
            if (k->oob || k->nomem || r->reached)
                goto out;
        }
        if (bottom)
            r->bl--;
        else
            r->tl--;
    }
    }
    if (r->memo && !map_put(r->memo, key, r->best - rev))
        k->nomem = 1;
out:
    rest_free(fresh);
    rest_free(here_store);
}

/* _Search.run: returns complete (0 when the budget ran out). */
static int run_search(Kernel *k, const i64 *caps, const i64 *alone, int ncaps, i64 best,
                      const int *snap, const u64 *start_used, i64 ceiling, int pair_most,
                      i64 *best_out, int *snap_out) {
    Run r;
    r.pcat = NULL;
    r.k = k;
    r.caps = caps;
    r.alone = alone;
    r.ncaps = ncaps;
    r.cap = (int)caps[0];
    r.lim = alone[0];
    r.more = ncaps > 1;
    r.pair = ncaps == 2 && caps[0] == caps[1];
    r.twin = ncaps > 2 && caps[0] == caps[1];
    r.reached = 0;
    r.best = best;
    r.ceiling = ceiling;
    r.tl = r.bl = 0;
    r.anchor_now = 0;
    r.found = snap_out;
    memcpy(snap_out, snap, sizeof(int) * (size_t)snap_len(snap));
    r.memo = NULL;
    if (!r.more && k->transpose) {
        /* one single-train run at a time (it searches no rest): one table, emptied */
        map_clear(&k->tmemo);
        r.memo = &k->tmemo;
    }
    Rest *rest0 = rest_new(k), *store = rest_new(k);
    if (!rest0 || !store) {
        k->nomem = 1;
        goto done;
    }
    if (pair_most > 0 && ncaps == 3) {
        /* the last train's routes that could be in a better solution */
        i64 floor = best - alone[0] - alone[1];
        r.pcat = collect(k, (int)caps[2], alone[2], floor > 0 ? floor : 0, pair_most,
                         start_used);
        if (!r.pcat)
            goto done;
    }
    if (!rest_above(&r, start_used, -1, BIG, BIG, rest0))
        goto done;
    if (r.lim + rest0->value > r.best) {
        for (int a = 0; a < k->nh; a++) {
            r.anchor_now = a;
            i64 va = k->val[a] + k->bon[a];
            if (k->local) {
                if (!rcommit(&r, start_used, va, rest0, store, r.lim) || r.reached)
                    goto done;
            }
            if (r.cap >= 2) {
                rext(&r, a, start_used, k->gvm + (size_t)a * k->wv, 1, va, 0, -1, a, rest0);
                if (k->oob || k->nomem || r.reached)
                    goto done;
            }
        }
    }
done:
    rest_free(rest0);
    rest_free(store);
    cat_free(r.pcat);
    *best_out = r.best;
    if (k->oob || k->nomem)
        return 0;
    return 1;
}

/* ---------------------------------------------------------------- Python glue */

static int take_i64(PyObject *seq, i64 *out, Py_ssize_t n) {
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *x = PySequence_Fast_GET_ITEM(seq, i);
        long long v = PyLong_AsLongLong(x);
        if (v == -1 && PyErr_Occurred())
            return 0;
        out[i] = (i64)v;
    }
    return 1;
}

static void *copy_buffer(PyObject *obj, size_t item, size_t want, const char *what) {
    Py_buffer b;
    if (PyObject_GetBuffer(obj, &b, PyBUF_SIMPLE) < 0)
        return NULL;
    if ((size_t)b.len != item * want) {
        PyErr_Format(PyExc_ValueError, "%s: %zd bytes, expected %zu", what, b.len,
                     item * want);
        PyBuffer_Release(&b);
        return NULL;
    }
    void *out = malloc(item * want + item);
    if (!out) {
        PyBuffer_Release(&b);
        PyErr_NoMemory();
        return NULL;
    }
    memcpy(out, b.buf, item * want);
    PyBuffer_Release(&b);
    return out;
}

static void Kernel_dealloc(Kernel *k) {
    free(k->val);
    free(k->bon);
    free(k->top);
    free(k->flow);
    free(k->stop_end);
    free(k->near_val);
    free(k->kind);
    free(k->mstart);
    free(k->mlist);
    free(k->mtarget);
    free(k->lw);
    free(k->lpieces);
    free(k->near_start);
    free(k->near_bit);
    free(k->gvm);
    free(k->mpieces);
    free(k->mpasses);
    free(k->relax);
    free(k->end_mask);
    free(k->num);
    free(k->low);
    free(k->at);
    free(k->vstack);
    free(k->best_at);
    free(k->root_one);
    free(k->root_both);
    free(k->ones);
    free(k->todo);
#ifdef BNB_STATS
    fprintf(stderr, "bnb: block_bound calls %lld misses %lld memo %zu cap %zu\n", st_calls,
            st_miss, k->bmemo.n, k->bmemo.cap);
#endif
    bmap_free(&k->bmemo);
    free(k->front);
    map_free(&k->tmemo);
#ifdef BNB_STATS
    if (k->xt) fprintf(stderr, "xtree cands %d full %d\n", k->xt->nc, k->xt->full);
#endif
    xtree_free(k->xt);
    Py_TYPE(k)->tp_free((PyObject *)k);
}

/* Whether the block-bound memo can use its packed layout: the key and a 16-bit bound in
 * the vertex set's own words, every bound below 2^16 (a bound is at most two chains of
 * every vertex's flow and an end's value). */
static int bmap_packable(Kernel *k) {
    if (k->nv + META_BITS + 16 > 64 * k->wv || k->wv > 8)
        return 0;
    i64 flow = 0, end = 0;
    for (int v = 0; v < k->nv; v++) {
        if (k->flow[v] < 0 || k->stop_end[v] < 0)
            return 0;
        flow += k->flow[v];
        if (k->stop_end[v] > end)
            end = k->stop_end[v];
    }
    for (int j = 0; j < k->near_start[k->nv]; j++) {
        if (k->near_val[j] < 0)
            return 0;
        if (k->near_val[j] > end)
            end = k->near_val[j];
    }
    return 2 * (flow + 2 * end) < 65536;
}

static int Kernel_init(Kernel *k, PyObject *args, PyObject *kwds) {
    (void)kwds;
    long long pass_extra;
    PyObject *val, *bon, *kind, *gvm, *mstart, *mlist, *mtarget, *mpieces, *mpasses, *top,
        *relax, *flow, *stop_end, *end_mask, *near_start, *near_val, *near_bit;
    if (!PyArg_ParseTuple(args, "iiiiiiiLiiiOOOOOOOOOOOOOOOOO", &k->ns, &k->nh, &k->nv, &k->nm,
                          &k->wp, &k->wv, &k->n_groups, &pass_extra, &k->transpose, &k->local,
                          &k->maxtr, &val, &bon, &kind, &gvm, &mstart, &mlist, &mtarget,
                          &mpieces, &mpasses, &top, &relax, &flow, &stop_end, &end_mask,
                          &near_start, &near_val, &near_bit))
        return -1;
    k->pass_extra = pass_extra;
    size_t ns = (size_t)k->ns, nv = (size_t)k->nv, nm = (size_t)k->nm;
    size_t wp = (size_t)k->wp, wv = (size_t)k->wv;
    if (k->ns < 1 || k->nv < k->ns || k->wp < 1 || k->wv < 1 || k->wv > 8 ||
        (size_t)k->nv > wv * 64 ||
        k->ns > 500) {
        PyErr_SetString(PyExc_ValueError, "bad kernel sizes");
        return -1;
    }
    k->val = (i64 *)copy_buffer(val, 8, ns, "val");
    if (!k->val) return -1;
    k->bon = (i64 *)copy_buffer(bon, 8, ns, "bon");
    if (!k->bon) return -1;
    k->kind = (int *)copy_buffer(kind, 4, ns, "kind");
    if (!k->kind) return -1;
    k->gvm = (u64 *)copy_buffer(gvm, 8, ns * wv, "gvm");
    if (!k->gvm) return -1;
    k->mstart = (int *)copy_buffer(mstart, 4, ns + 1, "mstart");
    if (!k->mstart) return -1;
    k->mlist = (int *)copy_buffer(mlist, 4, (size_t)k->mstart[ns], "mlist");
    if (!k->mlist) return -1;
    k->mtarget = (int *)copy_buffer(mtarget, 4, nm, "mtarget");
    if (!k->mtarget) return -1;
    k->mpieces = (u64 *)copy_buffer(mpieces, 8, nm * wp, "mpieces");
    if (!k->mpieces) return -1;
    k->mpasses = (u64 *)copy_buffer(mpasses, 8, nm * wv, "mpasses");
    if (!k->mpasses) return -1;
    k->top = (i64 *)copy_buffer(top, 8, (size_t)k->n_groups + 1, "top");
    if (!k->top) return -1;
    k->relax = (u64 *)copy_buffer(relax, 8, nv * wv, "relax");
    if (!k->relax) return -1;
    k->flow = (i64 *)copy_buffer(flow, 8, nv, "flow");
    if (!k->flow) return -1;
    k->stop_end = (i64 *)copy_buffer(stop_end, 8, nv, "stop_end");
    if (!k->stop_end) return -1;
    k->end_mask = (u64 *)copy_buffer(end_mask, 8, wv, "end_mask");
    if (!k->end_mask) return -1;
    k->near_start = (int *)copy_buffer(near_start, 4, nv + 1, "near_start");
    if (!k->near_start) return -1;
    k->near_val = (i64 *)copy_buffer(near_val, 8, (size_t)k->near_start[nv], "near_val");
    if (!k->near_val) return -1;
    k->near_bit = (int *)copy_buffer(near_bit, 4, (size_t)k->near_start[nv], "near_bit");
    if (!k->near_bit) return -1;
    k->rs = 3 + 2 * k->ns;
    k->snapmax = 1 + (k->maxtr + 1) * k->rs;
    k->num = (int *)calloc(nv + 1, sizeof(int));
    k->low = (int *)calloc(nv + 1, sizeof(int));
    k->at = (int *)calloc(nv + 2, sizeof(int));
    k->vstack = (int *)calloc(nv + 1, sizeof(int));
    k->best_at = (i64 *)calloc(nv + 1, sizeof(i64));
    k->root_one = (i64 *)calloc(nv + 1, sizeof(i64));
    k->root_both = (i64 *)calloc(nv + 1, sizeof(i64));
    k->ones = (i64 *)calloc(2 * nv + 2, sizeof(i64));
    k->todo = (u64 *)calloc((nv + 2) * wv, sizeof(u64));
    if (!k->num || !k->low || !k->at || !k->vstack || !k->best_at || !k->root_one ||
        !k->root_both || !k->ones || !k->todo || !bmap_init(&k->bmemo, k->wv, k->nv, bmap_packable(k), 4096) ||
        !(k->front = (u64 *)calloc((size_t)FRONT * (size_t)(k->wv + 1), sizeof(u64))) || !map_init(&k->tmemo, k->wv + 3, 1024)) {
        PyErr_NoMemory();
        return -1;
    }
    for (size_t mi = 0; mi < nm; mi++)
        if (k->mtarget[mi] < 0 || (size_t)k->mtarget[mi] >= ns) {
            PyErr_SetString(PyExc_ValueError, "bad move target");
            return -1;
        }
    size_t nl = (size_t)k->mstart[ns];
    k->lw = (int *)malloc(sizeof(int) * (nl + 1));
    k->lpieces = (u64 *)malloc(sizeof(u64) * (nl + 1) * wp);
    if (!k->lw || !k->lpieces) {
        PyErr_NoMemory();
        return -1;
    }
    for (size_t j = 0; j < nl; j++) {
        int mi = k->mlist[j];
        if (mi < 0 || (size_t)mi >= nm) {
            PyErr_SetString(PyExc_ValueError, "bad move list");
            return -1;
        }
        k->lw[j] = k->mtarget[mi];
        memcpy(k->lpieces + j * wp, k->mpieces + (size_t)mi * wp, sizeof(u64) * wp);
    }
    k->nodes = 0;
    k->budget = -1;
    k->xt = NULL;
    return 0;
}

/* A Python snap list [n, anchor, tl, top..., bl, bot..., ...] into buf (snapmax ints). */
static int parse_snap(Kernel *k, PyObject *obj, int *buf) {
    PyObject *seq = PySequence_Fast(obj, "snap must be a sequence");
    if (!seq)
        return 0;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    if (n < 1 || n > k->snapmax) {
        Py_DECREF(seq);
        PyErr_SetString(PyExc_ValueError, "bad snap");
        return 0;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, i));
        if (v == -1 && PyErr_Occurred()) {
            Py_DECREF(seq);
            return 0;
        }
        buf[i] = (int)v;
    }
    Py_DECREF(seq);
    if (snap_len(buf) != n || buf[0] > k->maxtr) {
        PyErr_SetString(PyExc_ValueError, "bad snap");
        return 0;
    }
    return 1;
}

static PyObject *snap_list(const int *s) {
    int n = snap_len(s);
    PyObject *out = PyList_New(n);
    if (!out)
        return NULL;
    for (int i = 0; i < n; i++)
        PyList_SET_ITEM(out, i, PyLong_FromLong(s[i]));
    return out;
}

static int parse_caps(PyObject *capso, PyObject *aloneo, i64 **caps, i64 **alone, int *n) {
    PyObject *cs = PySequence_Fast(capso, "caps"), *as = NULL;
    if (!cs)
        return 0;
    as = PySequence_Fast(aloneo, "alone");
    if (!as) {
        Py_DECREF(cs);
        return 0;
    }
    Py_ssize_t nc = PySequence_Fast_GET_SIZE(cs);
    if (nc < 1 || PySequence_Fast_GET_SIZE(as) != nc) {
        PyErr_SetString(PyExc_ValueError, "bad caps");
        Py_DECREF(cs);
        Py_DECREF(as);
        return 0;
    }
    *caps = (i64 *)malloc(sizeof(i64) * (size_t)nc);
    *alone = (i64 *)malloc(sizeof(i64) * (size_t)nc);
    int ok = *caps && *alone && take_i64(cs, *caps, nc) && take_i64(as, *alone, nc);
    Py_DECREF(cs);
    Py_DECREF(as);
    *n = (int)nc;
    if (!ok) {
        free(*caps);
        free(*alone);
        if (!PyErr_Occurred())
            PyErr_NoMemory();
        return 0;
    }
    return 1;
}

static PyObject *finish(Kernel *k, i64 best, const int *snap, int complete) {
    if (k->nomem) {
        k->nomem = 0;
        return PyErr_NoMemory();
    }
    PyObject *sl = snap_list(snap);
    if (!sl)
        return NULL;
    return Py_BuildValue("LNiL", (long long)best, sl, complete, (long long)k->nodes);
}

/* run(caps, alone, best, snap, start_used, ceiling, budget, nodes[, pair_most]): pair_most
 *   > 0 with three trains: the rest is run_pair on a catalogue of that many of the last
 *   train's routes
 *   -> (best, snap, complete, nodes) */
static PyObject *Kernel_run(Kernel *k, PyObject *args) {
    PyObject *capso, *aloneo, *snapo, *usedo;
    long long best, ceiling, budget, nodes;
    int pair_most = 0;
    if (!PyArg_ParseTuple(args, "OOLOOLLL|i", &capso, &aloneo, &best, &snapo, &usedo, &ceiling,
                          &budget, &nodes, &pair_most))
        return NULL;
    i64 *caps, *alone;
    int nc;
    if (!parse_caps(capso, aloneo, &caps, &alone, &nc))
        return NULL;
    if (nc > k->maxtr) {
        free(caps);
        free(alone);
        PyErr_SetString(PyExc_ValueError, "too many trains");
        return NULL;
    }
    int *snap = (int *)malloc(sizeof(int) * (size_t)k->snapmax);
    int *out = (int *)malloc(sizeof(int) * (size_t)k->snapmax);
    u64 *used = (u64 *)copy_buffer(usedo, 8, (size_t)k->wp, "start_used");
    PyObject *res = NULL;
    if (!snap || !out || !used) {
        if (!PyErr_Occurred())
            PyErr_NoMemory();
        goto done;
    }
    if (!parse_snap(k, snapo, snap))
        goto done;
    k->nodes = nodes;
    k->budget = budget;
    k->oob = 0;
    k->nomem = 0;
    i64 got;
    int complete = run_search(k, caps, alone, nc, best, snap, used, ceiling, pair_most, &got,
                              out);
    res = finish(k, got, out, complete);
done:
    free(caps);
    free(alone);
    free(snap);
    free(out);
    free(used);
    return res;
}

/* pair(caps, alone, best, snap, floor, most, budget, nodes): the catalogue of the second
 * train (collect) then run_pair -> (best, snap, complete, nodes) */
static PyObject *Kernel_pair(Kernel *k, PyObject *args) {
    PyObject *capso, *aloneo, *snapo;
    long long best, floor, budget, nodes;
    int most;
    if (!PyArg_ParseTuple(args, "OOLOLiLL", &capso, &aloneo, &best, &snapo, &floor, &most,
                          &budget, &nodes))
        return NULL;
    i64 *caps, *alone;
    int nc;
    if (!parse_caps(capso, aloneo, &caps, &alone, &nc))
        return NULL;
    int *snap = (int *)malloc(sizeof(int) * (size_t)k->snapmax);
    u64 *zero = (u64 *)calloc((size_t)k->wp, sizeof(u64));
    PyObject *res = NULL;
    if (!snap || !zero || nc != 2 || most < 1) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_ValueError, "pair: two trains");
        goto done;
    }
    if (!parse_snap(k, snapo, snap))
        goto done;
    k->nodes = nodes;
    k->budget = budget;
    k->oob = 0;
    k->nomem = 0;
    Cat *cat = collect(k, (int)caps[1], alone[1], floor, most, zero);
    if (!cat) {
        res = finish(k, best, snap, 0);
        goto done;
    }
    i64 got;
    int complete = pair_search(k, caps, alone, best, snap, cat, zero, cat->zero, BIG, 0, &got,
                               snap);
    cat_free(cat);
    res = finish(k, got, snap, complete);
done:
    free(caps);
    free(alone);
    free(snap);
    free(zero);
    return res;
}

static PyMethodDef Kernel_methods[] = {
    {"run", (PyCFunction)Kernel_run, METH_VARARGS, "_Search.run, compiled."},
    {"pair", (PyCFunction)Kernel_pair, METH_VARARGS,
     "_Search.collect then _Search.run_pair, compiled."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject KernelType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "boardroom.routing._bnb.Kernel",
    .tp_basicsize = sizeof(Kernel),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "The route search's tables and its block-bound memo.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Kernel_init,
    .tp_dealloc = (destructor)Kernel_dealloc,
    .tp_methods = Kernel_methods,
};

static struct PyModuleDef bnb_module = {
    PyModuleDef_HEAD_INIT, "_bnb", "The route search's branch and bound, compiled.", -1, NULL,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__bnb(void) {
    if (PyType_Ready(&KernelType) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&bnb_module);
    if (!m)
        return NULL;
    Py_INCREF(&KernelType);
    if (PyModule_AddObject(m, "Kernel", (PyObject *)&KernelType) < 0) {
        Py_DECREF(&KernelType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
