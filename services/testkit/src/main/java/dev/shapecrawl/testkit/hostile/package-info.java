/**
 * A web site hostile to crawlers ({@link dev.shapecrawl.testkit.hostile.HostileSite}): infinite link spaces,
 * redirect loops and chains, slow drips, huge pages, a gzip bomb, a million links, deep nesting and binary served
 * as HTML, all generated on the fly on 127.0.0.1. The limits they test are listed in {@code docs/security.md}.
 */
package dev.shapecrawl.testkit.hostile;
