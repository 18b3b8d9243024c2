/* The native writer of a SearchRecording (gamesearch_gui/core/recording/depth_first.py).
 *
 * It does what the pure-Python writer's entered, leaf, valued and pruned do, the same
 * values in the same columns, but stores them straight into the columns' memory instead
 * of one array method call per value. Every rare path (a root, the node cap, the columns
 * growing, an id out of order, an argument of an odd type, keywords) calls the
 * Python writer itself, so there is one definition of those paths.
 *
 * How it writes:
 * - The columns filled once a node is valued (value, x_final, ...) are pre-grown by
 *   Python (SearchRecording._grow); this writer stores into them by index.
 * - The columns appended per node or per event (parent, ..., ev_type, ev_ref, slot_seq)
 *   keep their exact length, as readers expect. The writer reserves room in blocks (it
 *   extends the array, then sets its size back with the public Py_SET_SIZE, which leaves
 *   the array's allocation in place, as a short deletion does), writes the next item
 *   into the reserved memory and counts it with Py_SET_SIZE. The module checks at import
 *   that arrays behave so on this interpreter (selftest below), else it does not load
 *   and the recording falls back to Python.
 * - Its own copy of the recording's scalars (_room, _id_offset, _previous_line) and of
 *   the columns' sizes and addresses is checked on every call: when any column's size
 *   is not the one it left, Python changed the recording (an iteration began or ended,
 *   a fallback ran), and it reads everything again.
 * - The recording's counts are its columns' lengths (events: ev_type's, slots taken:
 *   slot_seq's), so there is no counter to write back to it.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>
#include <string.h>

/* The columns, in one table: appended ones first. */
enum {
    C_PARENT, C_DEPTH, C_KIND, C_PROBABILITY, C_ALPHA_IN, C_BETA_IN, C_ENTERED_AT,
    C_FIRST_SLOT, C_EV_TYPE, C_EV_REF, C_SLOT_SEQ,
    C_CUT_NODE, C_CUT_VALUE, C_CUT_ALPHA, C_CUT_BETA, C_CUT_SEQ, C_CUT_SLOT, C_CUT_MOVES_END,
    N_APPENDED,
    C_VALUE = N_APPENDED, C_X_FINAL, C_ALPHA_OUT, C_BETA_OUT, C_HOW, C_VALUED_AT,
    C_LAST_SLOT, C_FIRST_CHILD, C_LAST_CHILD, C_NEXT_SIBLING, C_BEST_CHILD, C_CUTOFF_OF,
    N_COLUMNS
};

static const struct { const char *name; char typecode; } COLUMNS[N_COLUMNS] = {
    {"parent", 'q'}, {"depth", 'l'}, {"kind", 'b'}, {"probability", 'd'},
    {"alpha_in", 'd'}, {"beta_in", 'd'}, {"entered_at", 'q'}, {"first_slot", 'q'},
    {"ev_type", 'b'}, {"ev_ref", 'q'}, {"slot_seq", 'q'},
    {"cut_node", 'q'}, {"cut_value", 'd'}, {"cut_alpha", 'd'}, {"cut_beta", 'd'},
    {"cut_seq", 'q'}, {"cut_slot", 'q'}, {"cut_moves_end", 'q'},
    {"value", 'd'}, {"x_final", 'd'}, {"alpha_out", 'd'}, {"beta_out", 'd'},
    {"how", 'b'}, {"valued_at", 'q'}, {"last_slot", 'q'}, {"first_child", 'q'},
    {"last_child", 'q'}, {"next_sibling", 'q'}, {"best_child", 'q'}, {"cutoff_of", 'q'},
};

/* Event types and "none", as recording/depth_first.py numbers them. */
#define ENTERED 0
#define VALUED 1
#define PRUNED 2
#define NONE (-1)
/* Items an appended column grows by at least. */
#define BLOCK 4096

typedef struct {
    PyObject *obj;          /* the array */
    char *data;             /* its items' memory, valid up to cap */
    Py_ssize_t size, cap;   /* items counted; items the memory holds (indexed: = size) */
} Column;

typedef struct {
    PyObject_HEAD
    PyObject *rec, *dict;
    PyObject *kinds[4], *valuations[4];
    PyObject *enter_py, *valued_py, *pruned_py;  /* the Python writer, for the rare paths */
    PyObject *moves, *tried_first, *cut_moves, *line;
    Column col[N_COLUMNS];
    long long room, offset;
    int has_offset, has_line;
} Writer;

static PyObject *s_room, *s_id_offset, *s_previous_line,
    *s_moves, *s_tried_first, *s_cut_moves, *s_frombytes, *s_enter, *s_valued,
    *s_pruned;

#define I64(w, c) ((long long *)(w)->col[c].data)
#define F64(w, c) ((double *)(w)->col[c].data)
#define I8(w, c) ((signed char *)(w)->col[c].data)

/* -- columns ---------------------------------------------------------------------- */

/* The address and length (in items) of an array's memory, through the buffer protocol. */
static int
array_memory(PyObject *obj, char **data, Py_ssize_t *items, Py_ssize_t itemsize)
{
    Py_buffer view;
    if (PyObject_GetBuffer(obj, &view, PyBUF_FORMAT) < 0)
        return -1;
    int ok = view.itemsize == itemsize && view.len % itemsize == 0;
    *data = view.buf;
    *items = view.len / itemsize;
    PyBuffer_Release(&view);
    if (!ok) {
        PyErr_SetString(PyExc_TypeError, "a column's item size is not the expected one");
        return -1;
    }
    return 0;
}

static Py_ssize_t
itemsize_of(char typecode)
{
    return typecode == 'b' ? 1 : typecode == 'l' ? (Py_ssize_t)sizeof(long) : 8;
}

/* Room for k more items in an appended column, its length unchanged. */
static int
reserve(Column *c, char typecode, Py_ssize_t k)
{
    if (c->size + k <= c->cap)
        return 0;
    Py_ssize_t itemsize = itemsize_of(typecode);
    /* By half of what there is, at least a block: the array itself over-allocates by a
     * sixteenth only, and its memory, moved as it grows, is copied whole each time. */
    Py_ssize_t extra = c->size / 2;
    if (extra < BLOCK)
        extra = BLOCK;
    if (extra < k)
        extra = k;
    PyObject *zeros = PyBytes_FromStringAndSize(NULL, extra * itemsize);
    if (zeros == NULL)
        return -1;
    memset(PyBytes_AS_STRING(zeros), 0, (size_t)(extra * itemsize));
    PyObject *r = PyObject_CallMethodOneArg(c->obj, s_frombytes, zeros);
    Py_DECREF(zeros);
    if (r == NULL)
        return -1;
    Py_DECREF(r);
    Py_ssize_t items;
    if (array_memory(c->obj, &c->data, &items, itemsize) < 0)
        return -1;
    if (items != c->size + extra) {
        PyErr_SetString(PyExc_RuntimeError, "an array did not grow as asked");
        return -1;
    }
    Py_SET_SIZE(c->obj, c->size);  /* the memory stays: the next items go there */
    c->cap = c->size + extra;
    return 0;
}

/* Count the item just written at index c->size. */
static inline void
counted(Column *c)
{
    c->size += 1;
    Py_SET_SIZE(c->obj, c->size);
}

/* One event: what it refers to, then its type (SearchRecording._log); room reserved. */
static inline void
log_event(Column *c, signed char type, long long ref)
{
    ((long long *)c[C_EV_REF].data)[c[C_EV_REF].size] = ref;
    counted(&c[C_EV_REF]);
    ((signed char *)c[C_EV_TYPE].data)[c[C_EV_TYPE].size] = type;
    counted(&c[C_EV_TYPE]);
}

/* -- the recording's state ---------------------------------------------------------- */

static int
read_ll(PyObject *dict, PyObject *key, long long *out, int *is_none)
{
    PyObject *v = PyDict_GetItemWithError(dict, key);
    if (v == NULL) {
        if (!PyErr_Occurred())
            PyErr_Format(PyExc_AttributeError, "the recording has no %U", key);
        return -1;
    }
    if (is_none != NULL) {
        *is_none = v == Py_None;
        if (*is_none)
            return 0;
    }
    *out = PyLong_AsLongLong(v);
    return *out == -1 && PyErr_Occurred() ? -1 : 0;
}

static int
replace(PyObject **slot, PyObject *dict, PyObject *key)
{
    PyObject *v = PyDict_GetItemWithError(dict, key);
    if (v == NULL) {
        if (!PyErr_Occurred())
            PyErr_Format(PyExc_AttributeError, "the recording has no %U", key);
        return -1;
    }
    Py_INCREF(v);
    Py_XSETREF(*slot, v);
    return 0;
}

/* Read everything again from the recording (Python changed it). */
static int
reread(Writer *w)
{
    for (int i = 0; i < N_COLUMNS; i++) {
        Column *c = &w->col[i];
        if (array_memory(c->obj, &c->data, &c->size, itemsize_of(COLUMNS[i].typecode)) < 0)
            return -1;
        c->cap = c->size;  /* an appended column's next item reserves afresh */
    }
    int none;
    if (read_ll(w->dict, s_room, &w->room, NULL) < 0 ||
        read_ll(w->dict, s_id_offset, &w->offset, &none) < 0)
        return -1;
    w->has_offset = !none;
    if (replace(&w->moves, w->dict, s_moves) < 0 ||
        replace(&w->tried_first, w->dict, s_tried_first) < 0 ||
        replace(&w->cut_moves, w->dict, s_cut_moves) < 0 ||
        replace(&w->line, w->dict, s_previous_line) < 0)
        return -1;
    if (!PyList_Check(w->moves) || !PyByteArray_Check(w->tried_first) ||
        !PyList_Check(w->cut_moves) || !PyList_Check(w->line)) {
        PyErr_SetString(PyExc_TypeError, "a recording's moves, tried_first, cut_moves or "
                                         "_previous_line is not of its type");
        return -1;
    }
    w->has_line = (int)(PyList_GET_SIZE(w->line) > 0);
    return 0;
}

/* Whether the recording is as this writer left it; if not, read it again. */
static inline int
check(Writer *w)
{
    for (int i = 0; i < N_COLUMNS; i++) {
        if (Py_SIZE(w->col[i].obj) != w->col[i].size)
            return reread(w);
    }
    return 0;
}

/* A rare path: the Python writer does it, then everything is read again. */
static PyObject *
fallback(Writer *w, PyObject *func, PyObject *const *args, size_t nargsf, PyObject *kwnames)
{
    PyErr_Clear();
    PyObject *r = PyObject_Vectorcall(func, args, nargsf, kwnames);
    if (reread(w) < 0) {
        Py_XDECREF(r);
        return NULL;
    }
    return r;
}

/* -- arguments ---------------------------------------------------------------------- */

static inline int
as_double(PyObject *o, double *out)
{
    if (PyFloat_CheckExact(o)) {
        *out = PyFloat_AS_DOUBLE(o);
        return 0;
    }
    *out = PyFloat_AsDouble(o);
    return *out == -1.0 && PyErr_Occurred() ? -1 : 0;
}

static inline int
as_ll(PyObject *o, long long *out)
{
    *out = PyLong_AsLongLong(o);
    return *out == -1 && PyErr_Occurred() ? -1 : 0;
}

/* Node n valued by the event at seq (SearchRecording._store_value): its value, how it
 * got it (code 0 to 3, as SearchRecording.how: the valuations in their order, anything
 * else the last), the window on leaving, and the event; room reserved. */
static inline void
store_value(Writer *w, long long n, double value, PyObject *how, double alpha, double beta,
            long long seq)
{
    F64(w, C_VALUE)[n] = value;
    I8(w, C_HOW)[n] = how == w->valuations[3] ? 3
                      : how == w->valuations[0] ? 0
                      : how == w->valuations[1] ? 1
                      : how == w->valuations[2] ? 2
                                                : 3;
    F64(w, C_ALPHA_OUT)[n] = alpha;
    F64(w, C_BETA_OUT)[n] = beta;
    I64(w, C_VALUED_AT)[n] = seq;
    log_event(w->col, VALUED, n);
}

/* What kept_with_room gives for a node the recording does not keep (past the cap, or
 * not of this search: valued and pruned then do nothing), and when memory ran out. */
#define NOT_KEPT (-1)
#define NO_ROOM (-2)

/* The index of node node_id among those kept, with room reserved for one more event on a
 * slot of its own (valued and pruned); NOT_KEPT, or NO_ROOM with an error set. */
static inline long long
kept_with_room(Writer *w, long long node_id)
{
    if (!w->has_offset)
        return NOT_KEPT;
    long long n = node_id - w->offset;
    if (n < 0 || n >= w->col[C_PARENT].size)
        return NOT_KEPT;
    if (reserve(&w->col[C_SLOT_SEQ], 'q', 1) < 0 || reserve(&w->col[C_EV_TYPE], 'b', 1) < 0 ||
        reserve(&w->col[C_EV_REF], 'q', 1) < 0)
        return NO_ROOM;
    return n;
}

/* -- the observer's calls ----------------------------------------------------------- */

/* entered(node_id, parent_id, move, depth, kind, alpha, beta, state, probability) and
 * leaf(..., value, how): recording/depth_first.py's SearchRecording._enter. */
static PyObject *
enter(Writer *w, PyObject *const *args, size_t nargsf, PyObject *kwnames, int is_leaf)
{
    Py_ssize_t nargs = PyVectorcall_NARGS(nargsf);
    if (kwnames != NULL || nargs != (is_leaf ? 11 : 9) || check(w) < 0)
        goto slow;
    long long node_id, parent_id, depth;
    double alpha, beta, probability, value = 0.0;
    if (args[1] == Py_None || as_ll(args[0], &node_id) < 0 || as_ll(args[1], &parent_id) < 0 ||
        as_ll(args[3], &depth) < 0 || as_double(args[5], &alpha) < 0 ||
        as_double(args[6], &beta) < 0)
        goto slow;  /* a root, or arguments of odd types */
    if (args[8] == Py_None)
        probability = NAN;
    else if (as_double(args[8], &probability) < 0)
        goto slow;
    if (is_leaf && as_double(args[9], &value) < 0)
        goto slow;
    if (sizeof(long) < 8 && (depth < LONG_MIN || depth > LONG_MAX))
        goto slow;
    long long n = w->col[C_PARENT].size;
    if (n >= w->room || !w->has_offset || node_id - w->offset != n)
        goto slow;  /* the cap, growing, or out of order */
    long long parent = parent_id - w->offset;
    if (parent < 0 || parent >= n || depth < 1)
        goto slow;
    for (int i = 0; i <= C_SLOT_SEQ; i++) {
        if (reserve(&w->col[i], COLUMNS[i].typecode, i == C_EV_TYPE || i == C_EV_REF ? 2 : 1) < 0)
            return NULL;
    }
    PyObject *move = args[2];
    long long *first_child = I64(w, C_FIRST_CHILD), *last_child = I64(w, C_LAST_CHILD);
    int first_line = 0;
    if (first_child[parent] == NONE) {
        if (w->has_line && PyByteArray_AS_STRING(w->tried_first)[parent] &&
            depth - 1 < PyList_GET_SIZE(w->line)) {
            PyObject *eq = PyObject_RichCompare(PyList_GET_ITEM(w->line, depth - 1), move, Py_EQ);
            if (eq == NULL)
                return NULL;
            first_line = PyObject_IsTrue(eq);
            Py_DECREF(eq);
            if (first_line < 0)
                return NULL;
        }
    }
    if (PyList_Append(w->moves, move) < 0)
        return NULL;
    Py_ssize_t flags = PyByteArray_GET_SIZE(w->tried_first);
    if (PyByteArray_Resize(w->tried_first, flags + 1) < 0)
        return NULL;
    PyByteArray_AS_STRING(w->tried_first)[flags] = (char)first_line;
    if (first_child[parent] == NONE)
        first_child[parent] = n;
    else
        I64(w, C_NEXT_SIBLING)[last_child[parent]] = n;
    last_child[parent] = n;

    PyObject *kind = args[4];
    Column *c = w->col;
    long long seq = c[C_EV_TYPE].size, slot = c[C_SLOT_SEQ].size;
    ((long long *)c[C_PARENT].data)[n] = parent;
    if (sizeof(long) == 8)
        ((long long *)c[C_DEPTH].data)[n] = depth;
    else
        ((long *)c[C_DEPTH].data)[n] = (long)depth;
    ((signed char *)c[C_KIND].data)[n] = kind == w->kinds[0] ? 0
                                        : kind == w->kinds[1] ? 1
                                        : kind == w->kinds[2] ? 2
                                                              : 3;
    ((double *)c[C_PROBABILITY].data)[n] = probability;
    ((double *)c[C_ALPHA_IN].data)[n] = alpha;
    ((double *)c[C_BETA_IN].data)[n] = beta;
    ((long long *)c[C_ENTERED_AT].data)[n] = seq;
    ((long long *)c[C_FIRST_SLOT].data)[n] = slot;
    for (int i = C_PARENT; i <= C_FIRST_SLOT; i++)
        counted(&c[i]);
    log_event(c, ENTERED, n);
    if (!is_leaf)
        Py_RETURN_NONE;
    /* A leaf, valued at seq + 1 as valued() records it: on a slot of its own. */
    F64(w, C_X_FINAL)[n] = (double)slot;
    I64(w, C_LAST_SLOT)[n] = slot;
    ((long long *)c[C_SLOT_SEQ].data)[c[C_SLOT_SEQ].size] = seq + 1;
    counted(&c[C_SLOT_SEQ]);
    store_value(w, n, value, args[10], alpha, beta, seq + 1);
    Py_RETURN_NONE;

slow:
    if (PyErr_Occurred() && !PyErr_ExceptionMatches(PyExc_Exception))
        return NULL;  /* KeyboardInterrupt and the like are not ours to retry */
    return fallback(w, w->enter_py, args, nargsf, kwnames);
}

static PyObject *
Writer_entered(PyObject *self, PyObject *const *args, size_t nargsf, PyObject *kwnames)
{
    return enter((Writer *)self, args, nargsf, kwnames, 0);
}

static PyObject *
Writer_leaf(PyObject *self, PyObject *const *args, size_t nargsf, PyObject *kwnames)
{
    return enter((Writer *)self, args, nargsf, kwnames, 1);
}

/* The child of inner node n that the best move leads to (SearchRecording._best_child). */
static int
best_child(Writer *w, long long n, PyObject *best_move, long long *out)
{
    long long child = I64(w, C_FIRST_CHILD)[n];
    long long *next = I64(w, C_NEXT_SIBLING);
    if (I8(w, C_KIND)[n] == 2) {  /* a chance node: its likeliest outcome */
        long long best = NONE;
        double likeliest = -1.0, *p = F64(w, C_PROBABILITY);
        for (; child != NONE; child = next[child]) {
            if (p[child] > likeliest) {
                best = child;
                likeliest = p[child];
            }
        }
        *out = best;
        return 0;
    }
    for (; child != NONE; child = next[child]) {
        PyObject *eq = PyObject_RichCompare(PyList_GET_ITEM(w->moves, child), best_move, Py_EQ);
        if (eq == NULL)
            return -1;
        int same = PyObject_IsTrue(eq);
        Py_DECREF(eq);
        if (same < 0)
            return -1;
        if (same) {
            *out = child;
            return 0;
        }
    }
    *out = NONE;
    return 0;
}

/* valued(node_id, value, how, alpha, beta, best_move=None): SearchRecording._valued. */
static PyObject *
Writer_valued(PyObject *self, PyObject *const *args, size_t nargsf, PyObject *kwnames)
{
    Writer *w = (Writer *)self;
    Py_ssize_t nargs = PyVectorcall_NARGS(nargsf);
    long long node_id;
    double value, alpha, beta;
    if (kwnames != NULL || nargs < 5 || nargs > 6 || check(w) < 0 ||
        as_ll(args[0], &node_id) < 0 || as_double(args[1], &value) < 0 ||
        as_double(args[3], &alpha) < 0 || as_double(args[4], &beta) < 0)
        goto slow;
    long long n = kept_with_room(w, node_id);
    if (n < 0)
        return n == NOT_KEPT ? Py_NewRef(Py_None) : NULL;
    long long first = I64(w, C_FIRST_CHILD)[n], cut = I64(w, C_CUTOFF_OF)[n];
    Column *c = w->col;
    long long seq = c[C_EV_TYPE].size;
    if (first == NONE && cut == NONE) {
        long long slot = I64(w, C_FIRST_SLOT)[n];
        F64(w, C_X_FINAL)[n] = (double)slot;
        I64(w, C_LAST_SLOT)[n] = slot;
        ((long long *)c[C_SLOT_SEQ].data)[c[C_SLOT_SEQ].size] = seq;  /* a leaf's own slot */
        counted(&c[C_SLOT_SEQ]);
    }
    else {
        double left, right = 0.0;
        long long best;
        if (cut != NONE) {
            if (cut >= w->col[C_CUT_SLOT].size)
                goto slow;
            right = (double)I64(w, C_CUT_SLOT)[cut];
        }
        left = first != NONE ? F64(w, C_X_FINAL)[first] : right;  /* right: the stub's */
        if (cut == NONE)
            right = F64(w, C_X_FINAL)[I64(w, C_LAST_CHILD)[n]];
        if (best_child(w, n, nargs == 6 ? args[5] : Py_None, &best) < 0)
            return NULL;
        F64(w, C_X_FINAL)[n] = (left + right) / 2;
        I64(w, C_LAST_SLOT)[n] = c[C_SLOT_SEQ].size - 1;
        I64(w, C_BEST_CHILD)[n] = best;
    }
    store_value(w, n, value, args[2], alpha, beta, seq);
    Py_RETURN_NONE;

slow:
    if (PyErr_Occurred() && !PyErr_ExceptionMatches(PyExc_Exception))
        return NULL;
    return fallback(w, w->valued_py, args, nargsf, kwnames);
}

/* pruned(node_id, moves, value, alpha, beta): SearchRecording._pruned. */
static PyObject *
Writer_pruned(PyObject *self, PyObject *const *args, size_t nargsf, PyObject *kwnames)
{
    Writer *w = (Writer *)self;
    long long node_id;
    double value, alpha, beta;
    if (kwnames != NULL || PyVectorcall_NARGS(nargsf) != 5 || check(w) < 0 ||
        as_ll(args[0], &node_id) < 0 || as_double(args[2], &value) < 0 ||
        as_double(args[3], &alpha) < 0 || as_double(args[4], &beta) < 0 ||
        !PyTuple_Check(args[1])) {
        if (PyErr_Occurred() && !PyErr_ExceptionMatches(PyExc_Exception))
            return NULL;
        return fallback(w, w->pruned_py, args, nargsf, kwnames);
    }
    long long n = kept_with_room(w, node_id);
    if (n < 0)
        return n == NOT_KEPT ? Py_NewRef(Py_None) : NULL;
    for (int i = C_CUT_NODE; i <= C_CUT_MOVES_END; i++) {
        if (reserve(&w->col[i], COLUMNS[i].typecode, 1) < 0)
            return NULL;
    }
    Py_ssize_t end = PyList_GET_SIZE(w->cut_moves);
    if (PyList_SetSlice(w->cut_moves, end, end, args[1]) < 0)
        return NULL;
    Column *c = w->col;
    long long seq = c[C_EV_TYPE].size, slot = c[C_SLOT_SEQ].size;
    long long ref = c[C_CUT_NODE].size;
    I64(w, C_CUT_NODE)[ref] = n;
    F64(w, C_CUT_VALUE)[ref] = value;
    F64(w, C_CUT_ALPHA)[ref] = alpha;
    F64(w, C_CUT_BETA)[ref] = beta;
    I64(w, C_CUT_SEQ)[ref] = seq;
    I64(w, C_CUT_SLOT)[ref] = slot;
    I64(w, C_CUT_MOVES_END)[ref] = (long long)PyList_GET_SIZE(w->cut_moves);
    for (int i = C_CUT_NODE; i <= C_CUT_MOVES_END; i++)
        counted(&c[i]);
    ((long long *)c[C_SLOT_SEQ].data)[c[C_SLOT_SEQ].size] = seq;  /* the stub's slot */
    counted(&c[C_SLOT_SEQ]);
    I64(w, C_CUTOFF_OF)[n] = ref;
    log_event(c, PRUNED, ref);
    Py_RETURN_NONE;
}

/* -- the type ----------------------------------------------------------------------- */

/* Every reference the writer holds, said once for traverse and clear: DO(field) each. */
#define FOR_EACH_REFERENCE(w, DO)                   \
    do {                                            \
        DO((w)->rec);                               \
        DO((w)->dict);                              \
        for (int i_ = 0; i_ < 4; i_++) {            \
            DO((w)->kinds[i_]);                     \
            DO((w)->valuations[i_]);                \
        }                                           \
        DO((w)->enter_py);                          \
        DO((w)->valued_py);                         \
        DO((w)->pruned_py);                         \
        DO((w)->moves);                             \
        DO((w)->tried_first);                       \
        DO((w)->cut_moves);                         \
        DO((w)->line);                              \
        for (int i_ = 0; i_ < N_COLUMNS; i_++)      \
            DO((w)->col[i_].obj);                   \
    } while (0)

static int
Writer_traverse(Writer *w, visitproc visit, void *arg)
{
    FOR_EACH_REFERENCE(w, Py_VISIT);
    return 0;
}

static int
Writer_clear(Writer *w)
{
    FOR_EACH_REFERENCE(w, Py_CLEAR);
    for (int i = 0; i < N_COLUMNS; i++) {
        w->col[i].data = NULL;
        w->col[i].size = w->col[i].cap = 0;
    }
    return 0;
}

static void
Writer_dealloc(Writer *w)
{
    PyObject_GC_UnTrack(w);
    Writer_clear(w);
    Py_TYPE(w)->tp_free((PyObject *)w);
}

static int
take_four(PyObject *seq, PyObject **out, const char *what)
{
    if (!PyTuple_Check(seq) || PyTuple_GET_SIZE(seq) != 4) {
        PyErr_Format(PyExc_TypeError, "%s: a tuple of four members", what);
        return -1;
    }
    for (int i = 0; i < 4; i++) {
        out[i] = Py_NewRef(PyTuple_GET_ITEM(seq, i));
    }
    return 0;
}

/* Writer(recording, kinds, valuations) */
static int
Writer_init(Writer *w, PyObject *args, PyObject *kwds)
{
    PyObject *rec, *kinds, *valuations;
    static char *names[] = {"recording", "kinds", "valuations", NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OOO", names, &rec, &kinds, &valuations))
        return -1;
    Writer_clear(w);
    w->rec = Py_NewRef(rec);
    if (take_four(kinds, w->kinds, "kinds") < 0 ||
        take_four(valuations, w->valuations, "valuations") < 0)
        return -1;
    w->dict = PyObject_GenericGetDict(rec, NULL);
    if (w->dict == NULL)
        return -1;
    if ((w->enter_py = PyObject_GetAttr(rec, s_enter)) == NULL ||
        (w->valued_py = PyObject_GetAttr(rec, s_valued)) == NULL ||
        (w->pruned_py = PyObject_GetAttr(rec, s_pruned)) == NULL)
        return -1;
    for (int i = 0; i < N_COLUMNS; i++) {
        PyObject *column = PyObject_GetAttrString(rec, COLUMNS[i].name);
        if (column == NULL)
            return -1;
        w->col[i].obj = column;
        PyObject *typecode = PyObject_GetAttrString(column, "typecode");
        if (typecode == NULL)
            return -1;
        int same = PyUnicode_Check(typecode) && PyUnicode_GET_LENGTH(typecode) == 1 &&
                   PyUnicode_READ_CHAR(typecode, 0) == (Py_UCS4)COLUMNS[i].typecode;
        Py_DECREF(typecode);
        if (!same) {
            PyErr_Format(PyExc_TypeError, "column %s is not an array of typecode '%c'",
                         COLUMNS[i].name, COLUMNS[i].typecode);
            return -1;
        }
    }
    return reread(w);
}

static PyMethodDef Writer_methods[] = {
    {"entered", (PyCFunction)(void (*)(void))Writer_entered, METH_FASTCALL | METH_KEYWORDS,
     "A node entered (SearchRecording.entered)."},
    {"leaf", (PyCFunction)(void (*)(void))Writer_leaf, METH_FASTCALL | METH_KEYWORDS,
     "A leaf entered and valued (SearchRecording.leaf)."},
    {"valued", (PyCFunction)(void (*)(void))Writer_valued, METH_FASTCALL | METH_KEYWORDS,
     "A node valued (SearchRecording.valued)."},
    {"pruned", (PyCFunction)(void (*)(void))Writer_pruned, METH_FASTCALL | METH_KEYWORDS,
     "A cutoff (SearchRecording.pruned)."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject WriterType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "gamesearch_gui.core._recwriter.Writer",
    .tp_doc = "Writes a SearchRecording's events straight into its columns.",
    .tp_basicsize = sizeof(Writer),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Writer_init,
    .tp_dealloc = (destructor)Writer_dealloc,
    .tp_traverse = (traverseproc)Writer_traverse,
    .tp_clear = (inquiry)Writer_clear,
    .tp_methods = Writer_methods,
};

/* -- the check at import ------------------------------------------------------------ */

/* That an array keeps its memory when its size is set back, takes Python's appends
 * there, and shows what is written there once counted: what reserve() relies on. */
static int
selftest(void)
{
    int ok = 0;
    PyObject *array_module = PyImport_ImportModule("array");
    if (array_module == NULL)
        return -1;
    PyObject *arr = PyObject_CallMethod(array_module, "array", "s", "q");
    Py_DECREF(array_module);
    if (arr == NULL)
        return -1;
    Column c = {arr, NULL, 0, 0};
    char *before;
    Py_ssize_t items;
    PyObject *r = NULL, *list = NULL;
    if (reserve(&c, 'q', 1) < 0 || Py_SIZE(arr) != 0)
        goto end;
    before = c.data;
    r = PyObject_CallMethod(arr, "append", "i", 7);
    if (r == NULL || array_memory(arr, &c.data, &items, 8) < 0)
        goto end;
    c.size = 1;
    if (c.data != before || items != 1 || ((long long *)c.data)[0] != 7)
        goto end;
    ((long long *)c.data)[1] = 8;
    counted(&c);
    list = PySequence_List(arr);
    ok = list != NULL && PyList_GET_SIZE(list) == 2 &&
         PyLong_AsLongLong(PyList_GET_ITEM(list, 0)) == 7 &&
         PyLong_AsLongLong(PyList_GET_ITEM(list, 1)) == 8;
end:
    Py_XDECREF(r);
    Py_XDECREF(list);
    Py_DECREF(arr);
    if (PyErr_Occurred())
        return -1;
    if (!ok) {
        PyErr_SetString(PyExc_ImportError,
                        "arrays on this interpreter do not keep reserved memory: "
                        "the native recording writer is not used");
        return -1;
    }
    return 0;
}

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "gamesearch_gui.core._recwriter",
    .m_doc = "The native writer of a search recording (see recording/depth_first.py).",
    .m_size = -1,
};

PyMODINIT_FUNC
PyInit__recwriter(void)
{
#define INTERN(var, text) \
    if ((var = PyUnicode_InternFromString(text)) == NULL) return NULL
    INTERN(s_room, "_room");
    INTERN(s_id_offset, "_id_offset");
    INTERN(s_previous_line, "_previous_line");
    INTERN(s_moves, "moves");
    INTERN(s_tried_first, "tried_first");
    INTERN(s_cut_moves, "cut_moves");
    INTERN(s_frombytes, "frombytes");
    INTERN(s_enter, "_enter");
    INTERN(s_valued, "_valued");
    INTERN(s_pruned, "_pruned");
#undef INTERN
    if (selftest() < 0 || PyType_Ready(&WriterType) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&module);
    if (m == NULL)
        return NULL;
    if (PyModule_AddObjectRef(m, "Writer", (PyObject *)&WriterType) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
