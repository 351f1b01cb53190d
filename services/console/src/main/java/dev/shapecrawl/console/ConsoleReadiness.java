package dev.shapecrawl.console;

import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/**
 * Ready once the job views have read the topics to their end: before that the pages would show too little. The
 * check's data says how far they are ({@code progress}: events read so far), so that a runtime waiting for it can
 * tell a console catching up with a long history from one that is stuck ({@code ./shapecrawl up} waits while it
 * grows).
 */
@Readiness
@ApplicationScoped
public class ConsoleReadiness implements HealthCheck {
    private final JobViews views;

    public ConsoleReadiness(JobViews views) {
        this.views = views;
    }

    @Override
    public HealthCheckResponse call() {
        return HealthCheckResponse.named("console job views").status(views.caughtUp())
                .withData("progress", views.eventsRead()).build();
    }
}
