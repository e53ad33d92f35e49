package io.dat4j.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JsonTest {

    @Test
    void shouldWriteObjectsInInsertionOrder() {
        final Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", "tcp0");
        m.put("available", true);
        m.put("reason", null);
        m.put("n", 3);
        m.put("x", 1.5);
        m.put("caps", List.of("rdma_read", "rdma_write"));
        assertEquals("{\"name\":\"tcp0\",\"available\":true,\"reason\":null,\"n\":3,\"x\":1.5,"
                + "\"caps\":[\"rdma_read\",\"rdma_write\"]}", Json.write(m));
    }

    @Test
    void shouldEscapeStrings() {
        assertEquals("\"a\\\"b\\\\c\\nd\\te\\u0001\"", Json.write("a\"b\\c\nd\te\u0001"));
        assertEquals("\"ü€\"", Json.write("ü€"));
    }

    @Test
    void shouldWriteNonFiniteNumbersAsNull() {
        assertEquals("[null,null,null,2.0,0.001]", Json.write(Arrays.asList(Double.NaN,
                Double.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, 2.0, 0.001)));
    }

    @Test
    void shouldWriteEmptyContainersAndEnums() {
        assertEquals("[]", Json.write(List.of()));
        assertEquals("{}", Json.write(Map.of()));
        assertEquals("\"RDMA_READ\"", Json.write(PerfOp.RDMA_READ));
        assertEquals("[1,\"two\"]", Json.write(new Object[] {1, "two"}));
    }
}
