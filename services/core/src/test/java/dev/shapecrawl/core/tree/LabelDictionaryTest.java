package dev.shapecrawl.core.tree;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class LabelDictionaryTest {

    @Test
    void internsLabelsAsStableDenseIds() {
        LabelDictionary dictionary = new LabelDictionary();
        int div = dictionary.intern("div");
        int text = dictionary.intern("#text");

        assertEquals(div, dictionary.intern("div"));
        assertNotEquals(div, text);
        assertNotEquals(LabelDictionary.OVERFLOW_ID, div);
        assertEquals("div", dictionary.label(div));
        assertEquals(3, dictionary.size()); // overflow label, div, #text
        assertNotEquals(dictionary.intern("DIV"), div); // exact: the labeller normalises case
        assertThrows(IllegalArgumentException.class, () -> dictionary.label(99));
        assertThrows(NullPointerException.class, () -> dictionary.intern(null));
    }

    @Test
    void mapsLabelsBeyondTheLimitToTheOverflowLabel() {
        LabelDictionary dictionary = new LabelDictionary(2);
        int a = dictionary.intern("a");
        int b = dictionary.intern("b");

        assertEquals(LabelDictionary.OVERFLOW_ID, dictionary.intern("c"));
        assertEquals(LabelDictionary.OVERFLOW_ID, dictionary.intern("d"));
        assertEquals(a, dictionary.intern("a"));
        assertEquals(b, dictionary.intern("b"));
        assertEquals(LabelDictionary.OVERFLOW_LABEL, dictionary.label(dictionary.intern("e")));
        assertEquals(3, dictionary.size());
        assertThrows(IllegalArgumentException.class, () -> new LabelDictionary(0));
    }

    @Test
    void givesEveryThreadTheSameIds() throws Exception {
        LabelDictionary dictionary = new LabelDictionary();
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Future<int[]>> results = new ArrayList<>();
            for (int t = 0; t < 8; t++) {
                results.add(pool.submit(() -> {
                    int[] ids = new int[500];
                    for (int i = 0; i < ids.length; i++) {
                        ids[i] = dictionary.intern("tag" + i);
                    }
                    return ids;
                }));
            }
            int[] first = results.get(0).get(30, TimeUnit.SECONDS);
            for (Future<int[]> result : results) {
                int[] ids = result.get(30, TimeUnit.SECONDS);
                for (int i = 0; i < ids.length; i++) {
                    assertEquals(first[i], ids[i]);
                    assertEquals("tag" + i, dictionary.label(ids[i]));
                }
            }
            assertEquals(501, dictionary.size());
        } finally {
            pool.shutdownNow();
        }
    }
}
