/**
 * Form probing: choosing which submissions of a search form to make, after Moraes 2013 (UFRGS MSc thesis,
 * "Selecting Values to Fill Web Forms"; English specification {@code shared/specs/moraes-2013-form-probing-itp.md})
 * with the form rules and text values of Vidal 2006 §4.2 ({@code shared/specs/vidal-2006-navigation-patterns.md}
 * §6).
 *
 * <p>{@link dev.shapecrawl.core.forms.FormProber} is the entry point: a driver without I/O that proposes
 * {@link dev.shapecrawl.core.forms.ProbeRequest}s and consumes {@link dev.shapecrawl.core.forms.ProbeResult}s; its
 * whole state is the immutable {@link dev.shapecrawl.core.forms.ProbeState}. The concepts are one class each: the
 * form model ({@link dev.shapecrawl.core.forms.ProbeForm}, {@link dev.shapecrawl.core.forms.ProbeField},
 * {@link dev.shapecrawl.core.forms.FieldRole}) and its rejection rules ({@link dev.shapecrawl.core.forms.FormRules},
 * {@link dev.shapecrawl.core.forms.JavaScriptDetector}, {@link dev.shapecrawl.core.forms.FormRejection}); text
 * values ({@link dev.shapecrawl.core.forms.TfIdfTokens}, {@link dev.shapecrawl.core.forms.LeastFrequentTerms});
 * templates and instances ({@link dev.shapecrawl.core.forms.Template},
 * {@link dev.shapecrawl.core.forms.TemplateInstance}, {@link dev.shapecrawl.core.forms.Templates},
 * {@link dev.shapecrawl.core.forms.CandidateSpace}) and the static cap
 * ({@link dev.shapecrawl.core.forms.StaticSelection}); verdicts ({@link dev.shapecrawl.core.forms.PageCapacity},
 * {@link dev.shapecrawl.core.forms.Verdict}, {@link dev.shapecrawl.core.forms.RecordSignature}), the
 * {@link dev.shapecrawl.core.forms.PruneList}, the template test
 * ({@link dev.shapecrawl.core.forms.TemplateInformativeness}), and beyond the seed the
 * {@link dev.shapecrawl.core.forms.StagnationRule} and the {@link dev.shapecrawl.core.forms.DistinctnessFilter}.
 * Settings: {@link dev.shapecrawl.core.forms.ProbeSettings}; metrics: {@link dev.shapecrawl.core.forms.ProbeReport}.
 */
package dev.shapecrawl.core.forms;
