package dev.shapecrawl.core.navigation;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** GROUP, Algorithm 3, with leader clustering (specification §5.2). */
class GroupTest {
    private static final String E = "http://s.test/";

    /** The entry point and its children, all targets, discovered in the order given. */
    private static TargetPagesMap children(String... paths) {
        List<MappedPage> pages = new ArrayList<>();
        pages.add(new MappedPage(E, null, 1, 0, false));
        for (int i = 0; i < paths.length; i++) {
            pages.add(new MappedPage(E + paths[i], E, 2, i + 1, true));
        }
        return TargetPagesMap.of(E, pages);
    }

    private static List<List<String>> groups(GroupedNode root) {
        return root.children().stream()
                .map(g -> g.members().stream().map(m -> m.url().substring(E.length())).toList()).toList();
    }

    @Test
    void leaderClusteringFollowsDiscoveryOrder() {
        // URLsim is not transitive: b ~ a, c ~ a, but c !~ b (four levels differ)
        TargetPagesMap map = children("1/1/1/1", "2/2/1/1", "1/1/2/2");
        GroupedNode leader = new Group(UrlSimilarity.defaults(), false, false).apply(map);
        assertEquals(List.of(List.of("1/1/1/1", "2/2/1/1", "1/1/2/2")), groups(leader), "each is similar to the leader");
        GroupedNode strict = new Group(UrlSimilarity.defaults(), true, false).apply(map);
        assertEquals(List.of(List.of("1/1/1/1", "2/2/1/1"), List.of("1/1/2/2")), groups(strict),
                "strict: similar to every member");
    }

    @Test
    void theLeaderIsTheFirstDiscoveredSoTheOrderMatters() {
        // b first: a ~ b, c !~ b, so c opens its own group
        TargetPagesMap map = children("2/2/1/1", "1/1/1/1", "1/1/2/2");
        GroupedNode root = new Group(UrlSimilarity.defaults(), false, false).apply(map);
        assertEquals(List.of(List.of("2/2/1/1", "1/1/1/1"), List.of("1/1/2/2")), groups(root));
    }

    @Test
    void groupingIsDeterministicWhateverOrderThePagesComeIn() {
        List<MappedPage> pages = new ArrayList<>();
        pages.add(new MappedPage(E, null, 1, 0, false));
        Random random = new Random(1);
        for (int i = 1; i <= 200; i++) {
            String path = random.nextInt(3) + "/" + random.nextInt(3) + "/" + random.nextInt(3) + "/x" + i;
            pages.add(new MappedPage(E + path, E, 2, i, true));
        }
        Group group = new Group(UrlSimilarity.defaults(), false, true);
        GroupedNode first = group.apply(TargetPagesMap.of(E, pages));
        for (int round = 0; round < 5; round++) {
            Collections.shuffle(pages, random);
            assertEquals(first, group.apply(TargetPagesMap.of(E, pages)));
        }
    }

    @Test
    void targetCountIsTheNodesOwnAndChildrenOfMembersAreMerged() {
        List<MappedPage> pages = List.of(
                new MappedPage(E, null, 1, 0, false),
                new MappedPage(E + "list/A", E, 2, 1, false),
                new MappedPage(E + "list/B", E, 2, 2, false),
                new MappedPage(E + "item/1", E + "list/A", 3, 3, true),
                new MappedPage(E + "item/2", E + "list/B", 3, 4, true),
                new MappedPage(E + "item/3", E + "list/B", 3, 5, true));
        GroupedNode root = new Group(UrlSimilarity.defaults(), false, false).apply(TargetPagesMap.of(E, pages));
        assertEquals(0, root.targetCount());
        GroupedNode lists = root.children().get(0);
        assertEquals(0, lists.targetCount());
        assertEquals(1, lists.discovery());
        assertFalse(lists.loop());
        GroupedNode items = lists.children().get(0);
        assertEquals(3, items.targetCount(), "the items of both lists, merged");
        assertEquals("^https?://s\\.test/item/[0-9]+$", items.pattern().regex());
    }

    @Test
    void sameLeavesComparesTokenShapes() {
        assertTrue(Group.sameLeaves("list?page=2", "list?page=13"));
        assertTrue(Group.sameLeaves("defaultA.asp", "defaultZ.asp"));
        assertFalse(Group.sameLeaves("fiction", "fiction?page=2"));
        assertFalse(Group.sameLeaves("item-2", "item_2"), "two punctuation leaves");
        assertFalse(Group.sameLeaves("a1", "11"));
    }
}
