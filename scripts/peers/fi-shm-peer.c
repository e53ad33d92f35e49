/*
 * fi-shm-peer: libfabric's shm provider as a peer of scripts/bench-peers.sh. One-sided RMA writes (fi_write, FI_RMA,
 * FI_EP_RDM, provider "shm") between two processes of this host, measured as `dat perf bw|lat --op rdma_write -P shm0`
 * measures dat4j's, and printed as the JSON rows of `dat perf --json`.
 *
 *   fi-shm-peer -s [-p PORT] [--ordered]          server: exposes one buffer, progresses until told to quit
 *   fi-shm-peer [-m bw|lat] [-S SIZES] [-n N] [-B BYTES] [-t DEPTH] [-w WARMUP] [--ordered] [-T SECONDS] -p PORT HOST
 *
 * Build: gcc -O2 -Wall -pthread -o fi-shm-peer fi-shm-peer.c -lfabric (Debian: libfabric-dev; bench-peers.sh builds
 * it into target/bench-peers/ when it is missing or older than this file).
 *
 * The two processes find each other over a side TCP connection (HOST:PORT, never timed): each sends the name of its
 * libfabric endpoint (fi_getname), which the other inserts into its address vector; the server sends its process id,
 * the address and key of its registered buffer. Every further control message (check a size's data, quit) goes over
 * libfabric itself (fi_send / fi_recv), after the writes it follows.
 *
 * bw: per size, N = max(-n, BYTES / size) writes of `size` bytes from the start of one local buffer to the start of
 * the server's buffer, at most DEPTH posted and not completed; every write asks for a completion, and the time runs
 * from the first post to the N-th completion (`dat perf bw --op rdma_write`: the same loop, sizes, depth and counting).
 * Before it, WARMUP untimed writes of the same size (default N / 10, as bench-peers.sh gives ucx_perftest). After it,
 * the server checks that its buffer holds the last pattern written (first, middle and last byte).
 * lat: per size, N writes one at a time, each timed from post to completion (`dat perf lat --op rdma_write`).
 *
 * Memory registration asks for FI_MR_VIRT_ADDR (with FI_MR_LOCAL, FI_MR_ALLOCATED and FI_MR_PROV_KEY, what fabtests
 * asks for). Without --ordered no RMA ordering is asked for, and libfabric 1.17's shm then copies a write with CMA
 * (process_vm_writev) in the initiator's call and completes it at once; with --ordered it asks for the order a DAT
 * reliable connection gives (writes and a later send in posting order), and the target copies (process_vm_readv in
 * its progress) and answers before the write completes. FI_SHM_DISABLE_CMA=1 in both processes turns CMA off: writes
 * above 4 KiB then go through the shared bounce buffers (segmentation and reassembly), the target copying out.
 *
 * The server busy-polls its completion queue (libfabric shm progresses only in the calls of its user) and watches
 * the side connection: it exits when the client quits, closes it or goes away. Every wait has a limit (-T, default
 * 60 s without progress). Exit status: 0, 1 on a failure (the reason on stderr), 2 for bad arguments.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>

#include <rdma/fabric.h>
#include <rdma/fi_cm.h>
#include <rdma/fi_domain.h>
#include <rdma/fi_endpoint.h>
#include <rdma/fi_errno.h>
#include <rdma/fi_rma.h>

#define MAGIC UINT64_C(0x6669736870656572) /* "fishpeer" */
#define MAX_NAME 1024
#define MAX_SIZES 64
#define MAX_SIZE (UINT64_C(1) << 30)
#define CQ_BATCH 64

enum ctrl_op { CTRL_CHECK = 1, CTRL_QUIT = 2 };

/* A control message over libfabric: client to server, and the server's answer (status 0: fine). */
struct ctrl {
	uint32_t op;
	uint32_t status;
	uint64_t size;
	uint64_t pattern;
};

/* What the server tells the client over the side connection after the client's hello. */
struct server_info {
	uint64_t magic;
	uint64_t pid;
	uint64_t buffer_va;  /* the buffer's address in the server, for the CMA probe */
	uint64_t rma_addr;   /* the address writes name: buffer_va with FI_MR_VIRT_ADDR, else 0 */
	uint64_t key;
	uint64_t size;
	uint64_t name_len;
};

struct hello {
	uint64_t magic;
	uint64_t max_size;
	uint64_t name_len;
};

/* Completion contexts: which operation a completion belongs to. */
static char write_ctx, send_ctx, recv_ctx;

static struct {
	struct fi_info *info;
	struct fid_fabric *fabric;
	struct fid_domain *domain;
	struct fid_ep *ep;
	struct fid_cq *cq;
	struct fid_av *av;
	struct fid_mr *mr, *ctrl_mr;
	void *buf;
	struct ctrl ctrl[2]; /* [0] sent, [1] received */
	fi_addr_t peer;
	int sock;
	double limit_s;
	long writes_completed, sends_completed, recvs_completed;
	char region[MAX_NAME + 2]; /* our endpoint's name: libfabric shm's file in /dev/shm */
	atomic_int quitting;    /* the quit message went by: the side connection may close */
} g = { .sock = -1, .limit_s = 60 };

/*
 * Leaving without libfabric's exit path. Debian's libfabric links PSM's libraries, whose SIGTERM handler calls exit():
 * run while a libfabric lock is held (inside fi_getinfo or a progress call), the library's destructor then waits for
 * that lock for ever. And a peer that died inside a call on our region may leave its spin lock taken, so that our next
 * progress call never returns. So signals and a dead peer end this process here: the region file is removed (what
 * libfabric's own handler would do) and the process leaves with _exit.
 */
static void leave_now(const char *why, int status)
{
	if (why) {
		ssize_t ignored = write(2, why, strlen(why));
		(void) ignored;
	}
	if (g.region[0])
		shm_unlink(g.region);
	_exit(status);
}

static void on_signal(int signum)
{
	leave_now(signum == SIGINT ? "fi-shm-peer: interrupted\n" : "fi-shm-peer: terminated\n", 128 + signum);
}

static void block_signals(int how)
{
	sigset_t set;
	sigemptyset(&set);
	sigaddset(&set, SIGTERM);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGHUP);
	pthread_sigmask(how, &set, NULL);
}

/* Takes SIGTERM, SIGINT and SIGHUP over from the handlers libfabric's providers installed. */
static void own_signals(void)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
}

static void cleanup(void)
{
	if (g.ctrl_mr) fi_close(&g.ctrl_mr->fid);
	if (g.mr) fi_close(&g.mr->fid);
	if (g.ep) fi_close(&g.ep->fid);
	if (g.av) fi_close(&g.av->fid);
	if (g.cq) fi_close(&g.cq->fid);
	if (g.domain) fi_close(&g.domain->fid);
	if (g.fabric) fi_close(&g.fabric->fid);
	if (g.info) fi_freeinfo(g.info);
	if (g.sock >= 0) close(g.sock);
	free(g.buf);
	g.ctrl_mr = g.mr = NULL;
	g.ep = NULL;
	g.av = NULL;
	g.cq = NULL;
	g.domain = NULL;
	g.fabric = NULL;
	g.info = NULL;
	g.buf = NULL;
	g.sock = -1;
}

static void die(const char *fmt, ...)
{
	va_list ap;
	fputs("fi-shm-peer: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	leave_now(NULL, 1); /* not exit(): see leave_now */
}

static void check(int ret, const char *what)
{
	if (ret)
		die("%s failed: %s (%d)", what, fi_strerror(ret < 0 ? -ret : ret), ret);
}

static double now_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static uint64_t now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t) ts.tv_sec * 1000000000u + (uint64_t) ts.tv_nsec;
}

/* ---- side connection */

static void sock_write(const void *p, size_t n)
{
	const char *c = p;
	while (n > 0) {
		ssize_t k = send(g.sock, c, n, MSG_NOSIGNAL);
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			die("side connection: send: %s", k < 0 ? strerror(errno) : "closed");
		c += k;
		n -= (size_t) k;
	}
}

static void sock_read(void *p, size_t n)
{
	char *c = p;
	while (n > 0) {
		struct pollfd pfd = { .fd = g.sock, .events = POLLIN };
		int r = poll(&pfd, 1, (int) (g.limit_s * 1000));
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			die("side connection: %s", r == 0 ? "no answer within the time limit (-T)" : strerror(errno));
		ssize_t k = recv(g.sock, c, n, 0);
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			die("side connection: %s", k < 0 ? strerror(errno) : "closed by the peer");
		c += k;
		n -= (size_t) k;
	}
}

/* Watches the side connection, on which nothing comes after the hello: its end of file or error before the quit
 * message means the peer is gone, and this process leaves (leave_now: the busy-polling thread may be stuck in a lock
 * the peer held). */
static void *watch_peer(void *arg)
{
	(void) arg;
	for (;;) {
		struct pollfd pfd = { .fd = g.sock, .events = POLLIN };
		if (poll(&pfd, 1, -1) < 0 && errno == EINTR)
			continue;
		char c;
		ssize_t k = recv(g.sock, &c, 1, MSG_PEEK);
		if (k > 0) {
			usleep(100000); /* unexpected bytes: not ours to read; look again later */
			continue;
		}
		if (k < 0 && errno == EINTR)
			continue;
		if (atomic_load(&g.quitting))
			return NULL;
		leave_now("fi-shm-peer: the peer closed the side connection or went away before the end\n", 1);
	}
}

static void start_watch(void)
{
	pthread_t t;
	block_signals(SIG_BLOCK); /* the signals go to the main thread */
	int rc = pthread_create(&t, NULL, watch_peer, NULL);
	block_signals(SIG_UNBLOCK);
	if (rc)
		die("pthread_create: %s", strerror(rc));
	pthread_detach(t);
}

static void side_listen_accept(int port)
{
	int ls = socket(AF_INET6, SOCK_STREAM, 0);
	int family = AF_INET6;
	if (ls < 0) {
		ls = socket(AF_INET, SOCK_STREAM, 0);
		family = AF_INET;
	}
	if (ls < 0)
		die("socket: %s", strerror(errno));
	int one = 1, zero = 0;
	setsockopt(ls, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
	int rc;
	if (family == AF_INET6) {
		setsockopt(ls, IPPROTO_IPV6, IPV6_V6ONLY, &zero, sizeof zero);
		struct sockaddr_in6 a = { .sin6_family = AF_INET6, .sin6_port = htons((uint16_t) port),
					  .sin6_addr = in6addr_any };
		rc = bind(ls, (struct sockaddr *) &a, sizeof a);
	} else {
		struct sockaddr_in a = { .sin_family = AF_INET, .sin_port = htons((uint16_t) port),
					 .sin_addr.s_addr = htonl(INADDR_ANY) };
		rc = bind(ls, (struct sockaddr *) &a, sizeof a);
	}
	if (rc < 0 || listen(ls, 1) < 0)
		die("listen on port %d: %s", port, strerror(errno));
	fprintf(stderr, "fi-shm-peer: server listening on port %d\n", port);
	struct pollfd pfd = { .fd = ls, .events = POLLIN };
	int r;
	do {
		r = poll(&pfd, 1, 300000);
	} while (r < 0 && errno == EINTR);
	if (r <= 0)
		die("no client within 300 s on port %d", port);
	g.sock = accept(ls, NULL, NULL);
	close(ls);
	if (g.sock < 0)
		die("accept: %s", strerror(errno));
	setsockopt(g.sock, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
}

static void side_connect(const char *host, const char *port)
{
	struct addrinfo hints = { .ai_socktype = SOCK_STREAM }, *res, *a;
	int rc = getaddrinfo(host, port, &hints, &res);
	if (rc)
		die("%s port %s: %s", host, port, gai_strerror(rc));
	for (int attempt = 0; attempt < 200 && g.sock < 0; attempt++) { /* the server may not listen yet: 10 s */
		for (a = res; a && g.sock < 0; a = a->ai_next) {
			int s = socket(a->ai_family, a->ai_socktype, a->ai_protocol);
			if (s >= 0 && connect(s, a->ai_addr, a->ai_addrlen) == 0)
				g.sock = s;
			else if (s >= 0)
				close(s);
		}
		if (g.sock < 0)
			usleep(50000);
	}
	freeaddrinfo(res);
	if (g.sock < 0)
		die("no server at %s port %s after 10 s: %s", host, port, strerror(errno));
	int one = 1;
	setsockopt(g.sock, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
}

/* ---- libfabric */

static void open_fabric(bool ordered)
{
	struct fi_info *hints = fi_allocinfo();
	if (!hints)
		die("fi_allocinfo: out of memory");
	hints->ep_attr->type = FI_EP_RDM;
	hints->caps = FI_MSG | FI_RMA;
	hints->mode = 0;
	hints->addr_format = FI_FORMAT_UNSPEC;
	hints->domain_attr->mr_mode = FI_MR_LOCAL | FI_MR_VIRT_ADDR | FI_MR_ALLOCATED | FI_MR_PROV_KEY;
	hints->domain_attr->threading = FI_THREAD_DOMAIN;
	/* DAT's reliable connection: writes land in posting order, and before a later send */
	hints->tx_attr->msg_order = ordered ? FI_ORDER_SAS | FI_ORDER_SAW | FI_ORDER_WAW | FI_ORDER_RAW : 0;
	hints->fabric_attr->prov_name = strdup("shm");
	int ret = fi_getinfo(FI_VERSION(1, 9), NULL, NULL, 0, hints, &g.info);
	fi_freeinfo(hints);
	if (ret)
		die("no libfabric shm provider for FI_EP_RDM with FI_RMA: fi_getinfo: %s (%d)", fi_strerror(-ret), ret);
	check(fi_fabric(g.info->fabric_attr, &g.fabric, NULL), "fi_fabric");
	check(fi_domain(g.fabric, g.info, &g.domain, NULL), "fi_domain");
	struct fi_cq_attr cq_attr = { .format = FI_CQ_FORMAT_CONTEXT, .wait_obj = FI_WAIT_NONE,
				      .size = g.info->tx_attr->size + g.info->rx_attr->size };
	check(fi_cq_open(g.domain, &cq_attr, &g.cq, NULL), "fi_cq_open");
	struct fi_av_attr av_attr = { .type = FI_AV_UNSPEC, .count = 4 };
	check(fi_av_open(g.domain, &av_attr, &g.av, NULL), "fi_av_open");
	check(fi_endpoint(g.domain, g.info, &g.ep, NULL), "fi_endpoint");
	check(fi_ep_bind(g.ep, &g.cq->fid, FI_TRANSMIT | FI_RECV), "fi_ep_bind (CQ)");
	check(fi_ep_bind(g.ep, &g.av->fid, 0), "fi_ep_bind (AV)");
	check(fi_enable(g.ep), "fi_enable");
	/* keys of our choosing where the provider does not pick them (FI_MR_PROV_KEY not in its mr_mode): one per MR */
	check(fi_mr_reg(g.domain, g.ctrl, sizeof g.ctrl, FI_SEND | FI_RECV, 0, 1, 0, &g.ctrl_mr, NULL),
	      "fi_mr_reg (control)");
}

static size_t my_name(char *name)
{
	size_t len = MAX_NAME;
	check(fi_getname(&g.ep->fid, name, &len), "fi_getname");
	if (len == 0 || len >= MAX_NAME)
		die("fi_getname: a name of %zu bytes", len);
	name[len] = 0;
	return len;
}

static void insert_peer(const char *name, size_t len)
{
	(void) len;
	int n = fi_av_insert(g.av, name, 1, &g.peer, 0, NULL);
	if (n != 1)
		die("fi_av_insert of the peer's name: %s (%d)", n < 0 ? fi_strerror(-n) : "not inserted", n);
}

/* Reads what completed; counts it by context. Returns how many, 0 when none. */
static int progress(void)
{
	struct fi_cq_entry e[CQ_BATCH];
	ssize_t n = fi_cq_read(g.cq, e, CQ_BATCH);
	if (n == -FI_EAGAIN)
		return 0;
	if (n == -FI_EAVAIL) {
		struct fi_cq_err_entry err = { 0 };
		fi_cq_readerr(g.cq, &err, 0);
		const char *what = err.op_context == &write_ctx ? "an RMA write"
				   : err.op_context == &send_ctx ? "a control send" : "a control receive";
		die("%s completed with an error: %s (%d; provider: %s)", what, fi_strerror(err.err), err.err,
		    fi_cq_strerror(g.cq, err.prov_errno, err.err_data, NULL, 0));
	}
	if (n < 0)
		die("fi_cq_read: %s (%zd)", fi_strerror((int) -n), n);
	for (ssize_t i = 0; i < n; i++) {
		if (e[i].op_context == &write_ctx)
			g.writes_completed++;
		else if (e[i].op_context == &send_ctx)
			g.sends_completed++;
		else if (e[i].op_context == &recv_ctx)
			g.recvs_completed++;
	}
	return (int) n;
}

/* Counts polls that found nothing; true once they have gone on for the time limit. The clock is read only every 4096
 * empty polls, never between a post and the completion that ends a timed stretch. */
static bool stalled(unsigned *idle, double *since)
{
	if (++*idle % 4096)
		return false;
	double t = now_s();
	if (*idle == 4096)
		*since = t;
	return t - *since > g.limit_s;
}

/* Progresses until *counter reaches target; dies after the time limit without any completion. */
static void await(long *counter, long target, const char *what)
{
	unsigned idle = 0;
	double since = 0;
	while (*counter < target) {
		if (progress() > 0)
			idle = 0;
		else if (stalled(&idle, &since))
			die("no completion of %s within %.0f s", what, g.limit_s);
	}
}

/* Posts with retries: -FI_EAGAIN means the provider needs progress (a full queue, or the first contact). */
static void post_retry(ssize_t (*post)(void), const char *what)
{
	unsigned idle = 0;
	double since = 0;
	for (;;) {
		ssize_t ret = post();
		if (ret == 0)
			return;
		if (ret != -FI_EAGAIN)
			die("%s: %s (%zd)", what, fi_strerror((int) -ret), ret);
		if (progress() > 0)
			idle = 0;
		else if (stalled(&idle, &since))
			die("%s: the provider stayed busy (-FI_EAGAIN) for %.0f s", what, g.limit_s);
	}
}

static ssize_t post_ctrl_send(void)
{
	return fi_send(g.ep, &g.ctrl[0], sizeof g.ctrl[0], fi_mr_desc(g.ctrl_mr), g.peer, &send_ctx);
}

static ssize_t post_ctrl_recv(void)
{
	return fi_recv(g.ep, &g.ctrl[1], sizeof g.ctrl[1], fi_mr_desc(g.ctrl_mr), FI_ADDR_UNSPEC, &recv_ctx);
}

/* ---- server */

static int serve(int port)
{
	char name[MAX_NAME], peer_name[MAX_NAME];
	side_listen_accept(port);
	struct hello h;
	sock_read(&h, sizeof h);
	if (h.magic != MAGIC || h.name_len == 0 || h.name_len > MAX_NAME || h.max_size == 0 || h.max_size > MAX_SIZE)
		die("the client is not an fi-shm-peer client (bad hello)");
	sock_read(peer_name, h.name_len);
	size_t size = (size_t) h.max_size;
	size_t alloc = (size + 4095) & ~(size_t) 4095;
	g.buf = aligned_alloc(4096, alloc);
	if (!g.buf)
		die("cannot allocate %zu bytes", alloc);
	memset(g.buf, 0, alloc);
	check(fi_mr_reg(g.domain, g.buf, size, FI_REMOTE_WRITE | FI_REMOTE_READ, 0, 2, 0, &g.mr, NULL),
	      "fi_mr_reg (buffer)");
	size_t len = my_name(name);
	struct server_info si = {
		.magic = MAGIC, .pid = (uint64_t) getpid(), .buffer_va = (uint64_t) (uintptr_t) g.buf,
		.rma_addr = (g.info->domain_attr->mr_mode & FI_MR_VIRT_ADDR) ? (uint64_t) (uintptr_t) g.buf : 0,
		.key = fi_mr_key(g.mr), .size = size, .name_len = len,
	};
	insert_peer(peer_name, h.name_len);
	sock_write(&si, sizeof si);
	sock_write(name, len);
	start_watch();
	unsigned char *b = g.buf;
	for (long served = 0;; served++) {
		post_retry(post_ctrl_recv, "fi_recv (control)");
		/* progress the client's writes until its next control message (the watchdog ends this process when the
		 * client goes away) */
		while (g.recvs_completed <= served)
			progress();
		struct ctrl c = g.ctrl[1];
		if (c.op == CTRL_QUIT)
			atomic_store(&g.quitting, 1);
		g.ctrl[0] = (struct ctrl) { .op = c.op, .size = c.size, .pattern = c.pattern };
		if (c.op == CTRL_CHECK) {
			uint8_t p = (uint8_t) c.pattern;
			if (c.size == 0 || c.size > size)
				g.ctrl[0].status = 2;
			else if (b[0] != p || b[c.size / 2] != p || b[c.size - 1] != p)
				g.ctrl[0].status = 1;
		} else if (c.op != CTRL_QUIT) {
			g.ctrl[0].status = 3;
		}
		long sent = g.sends_completed;
		post_retry(post_ctrl_send, "fi_send (control answer)");
		await(&g.sends_completed, sent + 1, "the control answer");
		if (c.op == CTRL_QUIT)
			return 0;
	}
}

/* ---- client */

struct opts {
	const char *host, *port, *mode;
	uint64_t sizes[MAX_SIZES];
	int nsizes;
	long iterations, depth, warmup;
	uint64_t bytes;
	bool ordered;
};

static struct {
	void *src;
	size_t len;
	uint64_t remote, key;
} w;

static ssize_t post_write(void)
{
	return fi_write(g.ep, w.src, w.len, fi_mr_desc(g.mr), g.peer, w.remote, w.key, &write_ctx);
}

/* Asks the server to check its buffer for `pattern` in the first `size` bytes; dies unless it holds it. */
static void server_check(uint64_t size, uint8_t pattern, uint32_t op)
{
	long recvd = g.recvs_completed, sent = g.sends_completed;
	post_retry(post_ctrl_recv, "fi_recv (control answer)");
	g.ctrl[0] = (struct ctrl) { .op = op, .size = size, .pattern = pattern };
	post_retry(post_ctrl_send, "fi_send (control)");
	await(&g.sends_completed, sent + 1, "a control send");
	await(&g.recvs_completed, recvd + 1, "the server's answer");
	if (g.ctrl[1].status != 0)
		die("the server's buffer does not hold what the writes of %" PRIu64 " bytes carried (status %u)",
		    size, g.ctrl[1].status);
}

/* `count` writes of w.len bytes, at most `depth` posted and not completed; returns the ns from the first post to the
 * last completion. */
static uint64_t stream(long count, long depth)
{
	long posted = 0, base = g.writes_completed;
	unsigned idle = 0;
	double since = 0;
	uint64_t t0 = now_ns();
	while (g.writes_completed - base < count) {
		while (posted < count && posted - (g.writes_completed - base) < depth) {
			ssize_t ret = post_write();
			if (ret == -FI_EAGAIN)
				break;
			if (ret)
				die("fi_write of %zu bytes: %s (%zd)", w.len, fi_strerror((int) -ret), ret);
			posted++;
		}
		if (progress() > 0)
			idle = 0;
		else if (stalled(&idle, &since))
			die("no write of %zu bytes completed within %.0f s", w.len, g.limit_s);
	}
	return now_ns() - t0;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *) a, y = *(const uint64_t *) b;
	return x < y ? -1 : x > y;
}

static double pct(const uint64_t *sorted, long n, double q)
{
	long i = (long) (q * n + 0.999999) - 1; /* nearest rank */
	if (i < 0)
		i = 0;
	if (i >= n)
		i = n - 1;
	return sorted[i] / 1000.0;
}

static const char *cma_state(uint64_t pid, uint64_t va)
{
	static char why[160];
	const char *off = getenv("FI_SHM_DISABLE_CMA");
	if (off && (!strcmp(off, "1") || !strcasecmp(off, "yes") || !strcasecmp(off, "true") || !strcasecmp(off, "on")))
		return "off (FI_SHM_DISABLE_CMA)";
	char c;
	struct iovec local = { .iov_base = &c, .iov_len = 1 }, remote = { .iov_base = (void *) (uintptr_t) va,
									   .iov_len = 1 };
	if (process_vm_readv((pid_t) pid, &local, 1, &remote, 1, 0) == 1)
		return "on";
	snprintf(why, sizeof why, "refused by the kernel (%s)", strerror(errno));
	return why;
}

static int client(const struct opts *o)
{
	char name[MAX_NAME], peer_name[MAX_NAME];
	uint64_t max = 0;
	for (int i = 0; i < o->nsizes; i++)
		max = o->sizes[i] > max ? o->sizes[i] : max;
	side_connect(o->host, o->port);
	size_t len = my_name(name);
	struct hello h = { .magic = MAGIC, .max_size = max, .name_len = len };
	sock_write(&h, sizeof h);
	sock_write(name, len);
	struct server_info si;
	sock_read(&si, sizeof si);
	if (si.magic != MAGIC || si.name_len == 0 || si.name_len > MAX_NAME || si.size < max)
		die("the server is not an fi-shm-peer server (bad answer)");
	sock_read(peer_name, si.name_len);
	insert_peer(peer_name, si.name_len);
	start_watch();
	const char *cma = cma_state(si.pid, si.buffer_va);
	size_t alloc = ((size_t) max + 4095) & ~(size_t) 4095;
	g.buf = aligned_alloc(4096, alloc);
	if (!g.buf)
		die("cannot allocate %zu bytes", alloc);
	memset(g.buf, 0, alloc);
	check(fi_mr_reg(g.domain, g.buf, max, FI_WRITE | FI_READ, 0, 2, 0, &g.mr, NULL), "fi_mr_reg (buffer)");
	w.src = g.buf;
	w.remote = si.rma_addr;
	w.key = si.key;
	bool lat = !strcmp(o->mode, "lat");
	long depth = o->depth;
	if ((size_t) depth > g.info->tx_attr->size)
		depth = (long) g.info->tx_attr->size;
	uint32_t ver = fi_version();
	char common[400];
	snprintf(common, sizeof common,
		 "\"warmup\": %%ld, \"baseline\": \"fi-shm\", \"libfabric\": \"%u.%u\", \"cma\": \"%s\", "
		 "\"rma_order\": \"%s\", \"depth\": %ld",
		 FI_MAJOR(ver), FI_MINOR(ver), cma, o->ordered ? "sas,saw,waw,raw" : "none", lat ? 1 : depth);
	printf("[");
	for (int i = 0; i < o->nsizes; i++) {
		w.len = (size_t) o->sizes[i];
		long n = o->iterations;
		if (!lat && o->bytes / w.len > (uint64_t) n)
			n = (long) (o->bytes / w.len);
		long warm = o->warmup >= 0 ? o->warmup : (lat ? (n < 10000 ? n : 10000) : (n / 10 > 0 ? n / 10 : 1));
		uint8_t warm_pattern = (uint8_t) (0x11 + 2 * i), pattern = (uint8_t) (0x12 + 2 * i);
		memset(g.buf, warm_pattern, w.len);
		if (warm > 0)
			stream(warm, lat ? 1 : depth);
		memset(g.buf, pattern, w.len);
		char row[1024];
		if (lat) {
			uint64_t *rtt = malloc(sizeof *rtt * (size_t) n);
			if (!rtt)
				die("out of memory");
			double sum = 0;
			for (long k = 0; k < n; k++) {
				rtt[k] = stream(1, 1);
				sum += rtt[k];
			}
			qsort(rtt, (size_t) n, sizeof *rtt, cmp_u64);
			int m = snprintf(row, sizeof row,
					 "{\"op\": \"rdma_write\", \"size\": %zu, \"iterations\": %ld, \"rtt_p50_us\": %.3f, "
					 "\"rtt_p99_us\": %.3f, \"rtt_p999_us\": %.3f, \"rtt_max_us\": %.3f, "
					 "\"rtt_min_us\": %.3f, \"rtt_avg_us\": %.3f, ",
					 w.len, n, pct(rtt, n, 0.5), pct(rtt, n, 0.99), pct(rtt, n, 0.999),
					 rtt[n - 1] / 1000.0, rtt[0] / 1000.0, sum / n / 1000.0);
			snprintf(row + m, sizeof row - (size_t) m, common, warm);
			free(rtt);
		} else {
			uint64_t ns = stream(n, depth);
			double secs = (ns ? ns : 1) / 1e9;
			int m = snprintf(row, sizeof row,
					 "{\"op\": \"rdma_write\", \"size\": %zu, \"iterations\": %ld, \"gbit_per_s\": %.4f, "
					 "\"msg_per_s\": %.1f, \"elapsed_us\": %.3f, ",
					 w.len, n, (double) w.len * n * 8 / secs / 1e9, n / secs, ns / 1000.0);
			snprintf(row + m, sizeof row - (size_t) m, common, warm);
		}
		server_check(w.len, pattern, CTRL_CHECK);
		printf("%s%s}", i ? ",\n " : "", row);
		fflush(stdout);
	}
	printf("]\n");
	atomic_store(&g.quitting, 1);
	server_check(1, 0, CTRL_QUIT);
	return 0;
}

/* ---- arguments */

static uint64_t parse_size(const char *s)
{
	char *end;
	errno = 0;
	unsigned long long v = strtoull(s, &end, 10);
	uint64_t mult = 1;
	if (*end == 'k' || *end == 'K')
		mult = 1024, end++;
	else if (*end == 'm' || *end == 'M')
		mult = 1 << 20, end++;
	else if (*end == 'g' || *end == 'G')
		mult = 1 << 30, end++;
	if (errno || end == s || *end || v == 0 || v > UINT64_MAX / mult)
		return 0;
	return v * mult;
}

static void usage(const char *why)
{
	if (why)
		fprintf(stderr, "fi-shm-peer: %s\n", why);
	fprintf(stderr,
		"usage: fi-shm-peer -s [-p PORT]\n"
		"       fi-shm-peer [-m bw|lat] [-S SIZES] [-n N] [-B BYTES] [-t DEPTH] [-w WARMUP] [--ordered]\n"
		"                   [-T SECONDS] -p PORT HOST\n"
		"  -S  sizes, comma separated, with k/m/g (default 4k,64k,1m,4m)\n"
		"  -n  writes per size, at least (default 200); bw: more where that moves fewer than -B bytes\n"
		"  -B  bw: bytes per size, at least (default 1g)\n"
		"  -t  bw: writes in flight (default 128)\n"
		"  -w  untimed writes before each size (default: bw N/10, lat N up to 10000)\n"
		"  --ordered  ask for RMA ordering (SAS, SAW, WAW, RAW), as a DAT connection gives it\n"
		"  -T  seconds any wait may last without progress (default 60)\n"
		"environment: FI_SHM_DISABLE_CMA=1 (in both processes) turns CMA off\n");
	exit(2);
}

int main(int argc, char **argv)
{
	static const struct option longs[] = { { "ordered", no_argument, NULL, 'o' }, { "help", no_argument, NULL, 'h' },
					       { NULL, 0, NULL, 0 } };
	struct opts o = { .mode = "bw", .iterations = 200, .depth = 128, .warmup = -1, .bytes = UINT64_C(1) << 30 };
	bool server = false;
	const char *port = NULL, *sizes = "4k,64k,1m,4m";
	int c;
	while ((c = getopt_long(argc, argv, "sp:m:S:n:B:t:w:T:h", longs, NULL)) != -1) {
		switch (c) {
		case 's': server = true; break;
		case 'p': port = optarg; break;
		case 'm': o.mode = optarg; break;
		case 'S': sizes = optarg; break;
		case 'n': o.iterations = atol(optarg); break;
		case 'B': o.bytes = parse_size(optarg); break;
		case 't': o.depth = atol(optarg); break;
		case 'w': o.warmup = atol(optarg); break;
		case 'T': g.limit_s = atof(optarg); break;
		case 'o': o.ordered = true; break;
		case 'h': usage(NULL); break;
		default: usage(NULL);
		}
	}
	if (strcmp(o.mode, "bw") && strcmp(o.mode, "lat"))
		usage("-m must be bw or lat");
	if (o.iterations < 1 || o.iterations > 100000000 || o.depth < 1 || o.bytes == 0 || g.limit_s <= 0
	    || o.warmup < -1)
		usage("-n, -t, -B and -T must be positive, -w zero or more");
	char *list = strdup(sizes);
	for (char *tok = strtok(list, ","); tok; tok = strtok(NULL, ",")) {
		if (o.nsizes == MAX_SIZES)
			usage("too many sizes");
		uint64_t s = parse_size(tok);
		if (s == 0 || s > MAX_SIZE)
			usage("a size is 1 byte to 1 GiB");
		o.sizes[o.nsizes++] = s;
	}
	free(list);
	if (o.nsizes == 0)
		usage("no sizes");
	if (server ? optind != argc : optind != argc - 1 || !port)
		usage(server ? "the server takes no host" : "the client needs -p PORT and HOST");
	atexit(cleanup);
	setvbuf(stdout, NULL, _IOFBF, 1 << 16);
	block_signals(SIG_BLOCK); /* until the providers' handlers are replaced by ours; a signal meanwhile waits */
	open_fabric(o.ordered);
	char name[MAX_NAME];
	my_name(name);
	const char *file = strrchr(name, '/'); /* "fi_shm://PID:UID:N": the file is /dev/shm/PID:UID:N */
	snprintf(g.region, sizeof g.region, "/%s", file ? file + 1 : name);
	own_signals();
	block_signals(SIG_UNBLOCK);
	if (server) {
		long p = port ? atol(port) : 18515;
		if (p < 0 || p > 65535)
			usage("-p: a port 0..65535");
		return serve((int) p);
	}
	o.host = argv[optind];
	o.port = port;
	return client(&o);
}
