package dev.shapecrawl.classifier;

import dev.shapecrawl.core.classify.ClassifierSettings;
import dev.shapecrawl.core.classify.PageClassifier;
import dev.shapecrawl.core.page.PageAnalysisSettings;
import dev.shapecrawl.core.page.PageAnalyzer;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

/** Builds the core classifier. Its bounds are the core defaults ({@link ClassifierSettings#defaults()}). */
public class ClassifierEngine {
    @Produces
    @Singleton
    PageClassifier classifier() {
        return new PageClassifier(ClassifierSettings.defaults(), new PageAnalyzer(PageAnalysisSettings.defaults()));
    }
}
