package io.dat4j.provider.rdmacm.ffi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.dat4j.provider.rdmacm.RdmaCmProvider;
import io.dat4j.provider.rdmacm.ffi.generated.rdma_cma_h;
import java.io.IOException;
import java.lang.foreign.GroupLayout;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.PaddingLayout;
import java.lang.foreign.UnionLayout;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Compares the committed bindings with the installed headers: a C probe, generated from the Java layouts by
 * reflection over every class of the generated package, prints sizeof/offsetof of every declared field and the value
 * of every constant; gcc compiles it and the test compares each line with the Java value. A field added to a layout
 * is checked without anyone touching this test.
 */
@DisplayName("Generated FFM layouts and constants match rdma_cma.h and verbs.h (gcc probe)")
class LayoutTest {

    private static final String HEADERS = """
            #include <stddef.h>
            #include <stdio.h>
            #include <errno.h>
            #include <poll.h>
            #include <unistd.h>
            #include <sys/eventfd.h>
            #include <fcntl.h>
            #include <sys/socket.h>
            #include <netinet/in.h>
            #include <pthread.h>
            #include <rdma/rdma_cma.h>
            #include <infiniband/verbs.h>
            """;

    @TempDir
    static Path dir;

    private static final Map<String, Long> EXPECTED = new LinkedHashMap<>();
    private static final List<String> PROBE = new ArrayList<>();
    private static Map<String, Long> actual;

    @BeforeAll
    static void runProbe() throws Exception {
        Assumptions.assumeTrue(Files.isRegularFile(Path.of("/usr/include/rdma/rdma_cma.h"))
                && Files.isRegularFile(Path.of("/usr/include/infiniband/verbs.h")),
                "needs the C headers (apt-get install librdmacm-dev libibverbs-dev)");
        Assumptions.assumeTrue(onPath("gcc"), "needs gcc on the PATH");
        for (final Class<?> c : generatedClasses()) {
            addStruct(c);
        }
        addConstants();
        addPrototypes();
        final StringBuilder src = new StringBuilder(HEADERS).append("int main(void) {\n");
        for (final String line : PROBE) {
            src.append("    ").append(line).append('\n');
        }
        src.append("    return 0;\n}\n");
        final Path c = dir.resolve("probe.c");
        Files.writeString(c, src);
        final Path exe = dir.resolve("probe");
        // a libc function pointer of another type than its prototype (addPrototypes) fails the compilation
        run(List.of("gcc", "-std=gnu11", "-Werror=incompatible-pointer-types", "-o", exe.toString(), c.toString()));
        actual = new TreeMap<>();
        for (final String line : run(List.of(exe.toString())).split("\n")) {
            final String[] f = line.split(" ");
            actual.put(f[0], Long.parseLong(f[1]));
        }
    }

    @Test
    @DisplayName("every struct size, field offset and field size of the generated layouts equals gcc's")
    void shouldMatchEveryFieldOfEveryLayout() {
        compare(k -> !k.startsWith("const:") && !k.startsWith("proto:"));
    }

    @Test
    @DisplayName("every libc function bound by hand has the prototype of its header, and its Java descriptor the sizes")
    void shouldMatchTheLibcPrototypes() {
        compare(k -> k.startsWith("proto:"));
    }

    @Test
    @DisplayName("every constant of rdma_cma_h and every hand-written C constant equals the header's value")
    void shouldMatchEveryConstant() {
        compare(k -> k.startsWith("const:"));
    }

    @Test
    @DisplayName("the probe covers the structs the provider needs (a removed class would shrink it)")
    void shouldCoverTheRequiredStructs() {
        for (final String s : List.of("rdma_cm_id", "rdma_cm_event", "rdma_conn_param", "rdma_event_channel",
                "rdma_addrinfo", "sockaddr_in", "sockaddr_in6", "ibv_context", "ibv_context_ops", "ibv_pd", "ibv_mr",
                "ibv_cq", "ibv_comp_channel", "ibv_qp", "ibv_qp_init_attr", "ibv_qp_cap", "ibv_send_wr",
                "ibv_recv_wr", "ibv_sge", "ibv_wc", "ibv_device_attr", "ibv_port_attr", "ibv_async_event")) {
            assertTrue(EXPECTED.containsKey(s + ".sizeof"), "no layout checked for " + s);
        }
        for (final String f : List.of("ibv_send_wr.wr.rdma.remote_addr", "ibv_send_wr.wr.rdma.rkey",
                "ibv_context.ops.post_send", "ibv_context.ops.post_recv", "ibv_context.ops.poll_cq",
                "ibv_context.ops.req_notify_cq", "ibv_wc.imm_data", "ibv_context.async_fd",
                "ibv_async_event.element.cq", "ibv_async_event.element.port_num", "ibv_async_event.event_type",
                "ibv_send_wr.wr.atomic.remote_addr", "ibv_send_wr.wr.atomic.compare_add", "ibv_send_wr.wr.atomic.swap",
                "ibv_send_wr.wr.atomic.rkey", "ibv_send_wr.imm_data", "ibv_device_attr.atomic_cap")) {
            assertTrue(EXPECTED.containsKey(f + ".offset"), "field not checked: " + f);
        }
    }

    private static void compare(final java.util.function.Predicate<String> which) {
        final List<String> wrong = new ArrayList<>();
        int n = 0;
        for (final Map.Entry<String, Long> e : EXPECTED.entrySet()) {
            if (!which.test(e.getKey())) {
                continue;
            }
            n++;
            final Long c = actual.get(e.getKey());
            if (!e.getValue().equals(c)) {
                wrong.add(e.getKey() + ": Java " + e.getValue() + ", C " + c);
            }
        }
        assertTrue(n > 0, "nothing compared");
        if (!wrong.isEmpty()) {
            fail(wrong.size() + " of " + n + " values differ from the C headers:\n" + String.join("\n", wrong));
        }
    }

    // ------------------------------------------------------------------ probe generation

    private static List<Class<?>> generatedClasses() throws IOException, URISyntaxException, ClassNotFoundException {
        final Path pkg = Path.of(rdma_cma_h.class.getResource("rdma_cma_h.class").toURI()).getParent();
        final List<Class<?>> out = new ArrayList<>();
        try (Stream<Path> s = Files.list(pkg)) {
            for (final Path p : s.sorted().toList()) {
                final String f = p.getFileName().toString();
                if (f.endsWith(".class") && !f.contains("$") && !f.equals("rdma_cma_h.class")
                        && !f.equals("package-info.class")) {
                    out.add(Class.forName(rdma_cma_h.class.getPackageName() + "." + f.replace(".class", "")));
                }
            }
        }
        assertTrue(out.size() >= 30, "found only " + out.size() + " generated struct classes in " + pkg);
        return out;
    }

    /** The top-level classes of this package (the hand-written ones: the generated package is a subpackage). */
    private static List<Class<?>> handWrittenClasses() throws IOException, URISyntaxException,
            ClassNotFoundException {
        final Path pkg = Path.of(CmCalls.class.getResource("CmCalls.class").toURI()).getParent();
        final List<Class<?>> out = new ArrayList<>();
        try (Stream<Path> s = Files.list(pkg)) {
            for (final Path p : s.sorted().toList()) {
                final String f = p.getFileName().toString();
                if (f.endsWith(".class") && !f.contains("$") && !f.equals("package-info.class")) {
                    // not initialized here: only the classes whose constants are read
                    out.add(Class.forName(CmCalls.class.getPackageName() + "." + f.replace(".class", ""), false,
                            LayoutTest.class.getClassLoader()));
                }
            }
        }
        assertTrue(out.contains(DataPath.class) && out.contains(VerbsCalls.class), "listed only " + out);
        return out;
    }

    private static String cType(final GroupLayout l) {
        final String name = l.name().orElseThrow();
        if (name.endsWith("_t")) {
            return name;
        }
        return (l instanceof UnionLayout ? "union " : "struct ") + name;
    }

    private static void addStruct(final Class<?> c) throws ReflectiveOperationException {
        final GroupLayout l = (GroupLayout) c.getMethod("layout").invoke(null);
        final String type = cType(l);
        final String key = l.name().orElseThrow();
        expect(key + ".sizeof", l.byteSize(), "(long long)sizeof(" + type + ")");
        walk(l, type, key, "", List.of());
        // the literal f$offset() constants of the class itself (flattened anonymous members included)
        for (final Method m : c.getMethods()) {
            if (m.getName().endsWith("$offset") && m.getParameterCount() == 0 && m.getDeclaringClass() == c) {
                final String f = m.getName().substring(0, m.getName().length() - "$offset".length());
                expect(key + ".$offset." + f, (long) m.invoke(null), "(long long)offsetof(" + type + ", " + f + ")");
            }
        }
        for (final Class<?> nested : c.getDeclaredClasses()) {
            checkNestedOffsets(nested);
        }
    }

    /** Nested classes (ibv_send_wr.wr.rdma ...) select their layout from the outer one; check their offsets too. */
    private static void checkNestedOffsets(final Class<?> nested) throws ReflectiveOperationException {
        final Method layout;
        try {
            layout = nested.getMethod("layout");
        } catch (final NoSuchMethodException e) {
            return; // a function-pointer class
        }
        final GroupLayout l = (GroupLayout) layout.invoke(null);
        for (final Method m : nested.getMethods()) {
            if (m.getName().endsWith("$offset") && m.getParameterCount() == 0 && m.getDeclaringClass() == nested) {
                final String f = m.getName().substring(0, m.getName().length() - "$offset".length());
                assertEquals(l.byteOffset(MemoryLayout.PathElement.groupElement(f)), (long) m.invoke(null),
                        nested.getName() + "." + f + "$offset()");
            }
        }
        for (final Class<?> inner : nested.getDeclaredClasses()) {
            checkNestedOffsets(inner);
        }
    }

    private static void walk(final GroupLayout root, final String type, final String key, final String cPath,
            final List<MemoryLayout.PathElement> path) {
        final GroupLayout g = path.isEmpty() ? root : (GroupLayout) root.select(path.toArray(
                new MemoryLayout.PathElement[0]));
        for (final MemoryLayout m : g.memberLayouts()) {
            if (m instanceof PaddingLayout) {
                continue;
            }
            final String name = m.name().orElseThrow(() -> new AssertionError("unnamed member in " + key));
            final List<MemoryLayout.PathElement> p = new ArrayList<>(path);
            p.add(MemoryLayout.PathElement.groupElement(name));
            final MemoryLayout.PathElement[] pa = p.toArray(new MemoryLayout.PathElement[0]);
            if (name.startsWith("$anon$")) {
                // an anonymous struct/union: C reaches its members directly
                walk(root, type, key, cPath, p);
                continue;
            }
            final String cp = cPath.isEmpty() ? name : cPath + "." + name;
            expect(key + "." + cp + ".offset", root.byteOffset(pa), "(long long)offsetof(" + type + ", " + cp + ")");
            expect(key + "." + cp + ".size", m.byteSize(), "(long long)sizeof(((" + type + " *)0)->" + cp + ")");
            if (m instanceof GroupLayout) {
                walk(root, type, key, cp, p);
            }
        }
    }

    private static void addConstants() throws ReflectiveOperationException, IOException, URISyntaxException {
        int n = 0;
        for (final Method m : rdma_cma_h.class.getMethods()) {
            if (Modifier.isStatic(m.getModifiers()) && m.getParameterCount() == 0
                    && m.getName().matches("[A-Z][A-Z0-9_]*")
                    && (m.getReturnType() == int.class || m.getReturnType() == long.class)) {
                expect("const:" + m.getName(), ((Number) m.invoke(null)).longValue(), m.getName());
                n++;
            }
        }
        assertTrue(n >= 50, "only " + n + " constants in rdma_cma_h");
        for (final Map.Entry<Integer, String> e : Errno.names().entrySet()) {
            expect("const:" + e.getValue(), e.getKey(), e.getValue());
        }
        // every public constant of the hand-written classes of this package (CmCalls, VerbsCalls, EventCalls,
        // DataPath, StructCopy, ...) is a C name, but for the two sizes below: a constant added to any of them is
        // checked without anyone touching this test
        final Map<String, String> cExpressions = Map.of("SGE_SIZE", "sizeof(struct ibv_sge)", "WC_SIZE",
                "sizeof(struct ibv_wc)", "POLLFD_SIZE", "sizeof(struct pollfd)");
        int handWritten = 0;
        for (final Class<?> c : handWrittenClasses()) {
            if (c == Errno.class) {
                continue; // its table is checked above
            }
            for (final Field f : c.getDeclaredFields()) {
                final int m = f.getModifiers();
                if (Modifier.isPublic(m) && Modifier.isStatic(m) && Modifier.isFinal(m) && f.getType().isPrimitive()
                        && f.getName().matches("[A-Z][A-Z0-9_]*")) {
                    expect("const:lib." + f.getName(), ((Number) f.get(null)).longValue(),
                            cExpressions.getOrDefault(f.getName(), f.getName()));
                    handWritten++;
                }
            }
        }
        assertTrue(handWritten >= 70, "only " + handWritten + " constants in the hand-written classes");
        for (final String name : List.of("POLLIN", "O_NONBLOCK", "AF_INET6", "RDMA_PS_TCP", "IBV_WR_SEND",
                "IBV_WC_SUCCESS", "IBV_ACCESS_REMOTE_ATOMIC", "IBV_EVENT_QP_FATAL", "SGE_SIZE", "WC_SIZE")) {
            assertTrue(EXPECTED.containsKey("const:lib." + name), "constant not checked: " + name);
        }
        for (final CmEventType t : CmEventType.values()) {
            if (t != CmEventType.UNKNOWN) {
                expect("const:enum." + t.cName(), t.value(), t.cName());
            }
        }
        expect("const:limit.RDMA_MAX_RESP_RES", 255, "RDMA_MAX_RESP_RES");
        // the provider's own limits are librdmacm's documented numbers (rdma_connect(3), rdma_accept(3)) less the
        // 4-byte length trailer of its private data
        assertEquals(56, RdmaCmProvider.MAX_CONNECT_PRIVATE_DATA);
        assertEquals(196, RdmaCmProvider.MAX_ACCEPT_PRIVATE_DATA);
    }

    /**
     * The libc functions {@code NativeSymbols} binds by hand (not from the generated header class): the probe assigns
     * each to a pointer of the C type written here (gcc fails on another prototype) and prints the size of its return
     * and parameter types, which must equal the sizes of the Java descriptor's layouts.
     */
    private static void addPrototypes() {
        prototype("poll", NativeSymbols.POLL_DESC, "int", "struct pollfd *", "nfds_t", "int");
        prototype("eventfd", NativeSymbols.EVENTFD_DESC, "int", "unsigned int", "int");
        prototype("eventfd_read", NativeSymbols.EVENTFD_READ_DESC, "int", "int", "eventfd_t *");
        prototype("eventfd_write", NativeSymbols.EVENTFD_WRITE_DESC, "int", "int", "eventfd_t");
        prototype("close", NativeSymbols.CLOSE_DESC, "int", "int");
    }

    private static void prototype(final String name, final java.lang.foreign.FunctionDescriptor d,
            final String ret, final String... params) {
        assertEquals(params.length, d.argumentLayouts().size(), name + ": parameters");
        PROBE.add("{ " + ret + " (*p_" + name + ")(" + String.join(", ", params) + ") = " + name + "; (void) p_" + name
                + "; }");
        expect("proto:" + name + ".ret", d.returnLayout().orElseThrow().byteSize(), "sizeof(" + ret + ")");
        for (int i = 0; i < params.length; i++) {
            expect("proto:" + name + ".arg" + i, d.argumentLayouts().get(i).byteSize(), "sizeof(" + params[i] + ")");
        }
    }

    private static void expect(final String key, final long javaValue, final String cExpression) {
        if (EXPECTED.put(key, javaValue) != null) {
            throw new AssertionError("duplicate probe key " + key);
        }
        PROBE.add("printf(\"%s %lld\\n\", \"" + key + "\", (long long)(" + cExpression + "));");
    }

    // ------------------------------------------------------------------ processes

    private static boolean onPath(final String tool) {
        for (final String d : System.getenv().getOrDefault("PATH", "").split(":")) {
            if (!d.isEmpty() && Files.isExecutable(Path.of(d, tool))) {
                return true;
            }
        }
        return false;
    }

    private static String run(final List<String> cmd) throws IOException, InterruptedException {
        final Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        final String out;
        try (var in = p.getInputStream()) {
            out = new String(in.readAllBytes());
        }
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            fail(String.join(" ", cmd) + " did not finish in 120 s");
        }
        assertEquals(0, p.exitValue(), String.join(" ", cmd) + " failed:\n" + out);
        return out;
    }
}
