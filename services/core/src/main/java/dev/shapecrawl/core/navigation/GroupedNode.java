package dev.shapecrawl.core.navigation;

import java.util.List;

/**
 * A node of the grouped map T' that {@link Group} makes of the target pages map (Vidal 2006, §3.3, Figure 3.2;
 * specification §5.2): a set of map pages with similar URLs that hang under the same grouped parent, and the URL
 * pattern that generalises them.
 *
 * @param pattern     the URL pattern of the members ({@link UrlPattern}); for the root, the entry point's URL as
 *                    a literal
 * @param members     the map pages merged into this node, in discovery order; the first is the group's leader
 * @param targetCount how many members are target pages (the node's own targets, not its subtree's; §5.6), >= 0
 * @param loop        whether the node merged pages of several consecutive levels (a pagination or hub-to-hub
 *                    chain, see {@link Group}), so that a crawl may repeat its step
 * @param children    the grouped children, in discovery order of their leaders
 */
public record GroupedNode(UrlPattern pattern, List<MappedPage> members, long targetCount, boolean loop,
                          List<GroupedNode> children) {

    /** @throws IllegalArgumentException if there is no member or the target count is negative */
    public GroupedNode {
        members = List.copyOf(members);
        children = List.copyOf(children);
        if (members.isEmpty()) {
            throw new IllegalArgumentException("members: at least one is needed");
        }
        if (targetCount < 0) {
            throw new IllegalArgumentException("targetCount: must be >= 0, was " + targetCount);
        }
    }

    /** When the node was discovered: its leader's discovery order (ties in pattern choice, §5.6). */
    public long discovery() {
        return members.get(0).order();
    }
}
