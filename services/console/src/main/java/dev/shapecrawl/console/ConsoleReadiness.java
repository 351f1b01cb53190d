package dev.shapecrawl.console;

import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/** Ready once the job views have read the topics to their end: before that the pages would show too little. */
@Readiness
@ApplicationScoped
public class ConsoleReadiness implements HealthCheck {
    private final JobViews views;

    public ConsoleReadiness(JobViews views) {
        this.views = views;
    }

    @Override
    public HealthCheckResponse call() {
        return HealthCheckResponse.named("console job views").status(views.caughtUp()).build();
    }
}
