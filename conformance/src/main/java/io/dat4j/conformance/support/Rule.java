package io.dat4j.conformance.support;

import io.dat4j.Capability;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Test;

/**
 * A conformance rule: a JUnit test (the annotation is meta-annotated with {@link Test}) with a stable id, its level
 * and the sentence it checks. {@link RuleExtension} prints the rule when the test fails or is skipped, skips it when
 * the provider lacks a capability in {@link #requires()}, and bounds it with a scaled timeout.
 *
 * <p>Seed rules keep their ids ({@code CRA-05}, {@code RJ-02}); the others use an area prefix ({@code EVD-03},
 * {@code EP-07}, {@code FFT-HWCONN-1}, {@code LIMIT-EP}).
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
@Test
public @interface Rule {

    /** {@return the stable rule id} */
    String id();

    /** {@return how binding the rule is} */
    Level level();

    /** {@return the sentence the test checks} */
    String text();

    /** {@return the capabilities the provider must claim, else the test is skipped with the reason} */
    Capability[] requires() default {};

    /** {@return the timeout in seconds before scaling by {@value ConformanceTimeouts#SCALE_PROP_NAME}} */
    int timeoutSeconds() default ConformanceTimeouts.DEFAULT_SECONDS;
}
