package dev.shapecrawl.events;

import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Pattern;

/** The rule for job ids: they become Kafka keys, file names and state-store keys. */
public final class JobIds {
    private static final Pattern VALID = Pattern.compile("[A-Za-z0-9._-]{1,200}");

    private JobIds() {
    }

    /**
     * @return {@code jobId}, unchanged
     * @throws IllegalArgumentException if it is missing or not 1..200 characters of {@code [A-Za-z0-9._-]}
     */
    public static String require(String jobId) {
        if (jobId == null || jobId.isEmpty()) {
            throw new IllegalArgumentException("jobId: missing");
        }
        if (!VALID.matcher(jobId).matches()) {
            throw new IllegalArgumentException("jobId: must be 1..200 characters of [A-Za-z0-9._-]");
        }
        return jobId;
    }

    /**
     * A new job id for a job the user did not name: {@code job-yyyyMMdd-HHmmss-xxxx} (local time, four random hex
     * digits), as {@code shapecrawl crawl} and the console's crawl form make them.
     */
    public static String newId() {
        return "job-" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")) + "-"
                + Integer.toHexString(ThreadLocalRandom.current().nextInt(0x1000, 0x10000));
    }
}
