package io.dat4j.internal.logging;

import java.io.IOException;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.apache.logging.log4j.message.ParameterizedMessageFactory;
import org.apache.logging.log4j.simple.SimpleLogger;
import org.apache.logging.log4j.spi.Provider;
import org.apache.logging.log4j.util.PropertiesUtil;

/**
 * Where every dat4j library module gets its loggers: Log4j API loggers that stay silent when the application has no
 * logging backend.
 *
 * <p>Log4j API (2.24 and later) looks for its backend the first time {@link LogManager} is used; when it finds none,
 * it prints {@code ERROR Log4j API could not find a logging provider.} to stderr through its status logger and falls
 * back to its simple logger. That line would appear in every program that uses dat4j without a backend, although
 * nothing is wrong. So this class asks first, without touching {@code LogManager}, whether Log4j API would find a
 * backend, looking where it looks ({@code ProviderUtil} in 2.25): a {@link Provider} service, a legacy
 * {@code META-INF/log4j-provider.properties} resource, or the {@code log4j.provider} or
 * {@code log4j2.loggerContextFactory} property (system property, environment or {@code log4j2.component.properties},
 * read through Log4j's own {@link PropertiesUtil}). If it would, loggers come from {@link LogManager} as usual: the
 * application's backend and configuration decide everything. If it would not, loggers are Log4j API's
 * {@link SimpleLogger} writing to stderr at {@link Level#WARN} and above: a warning or an error still shows (something
 * is wrong), nothing else does, and no status line is printed. The simple logger's own properties still apply:
 * {@code log4j2.simplelogLevel} sets the level (for example {@code -Dlog4j2.simplelogLevel=DEBUG}),
 * {@code org.apache.logging.log4j.simplelog.<logger name>.level} one logger's level,
 * {@code log4j2.simplelogShowdatetime} adds the time. No global property is set.
 *
 * <p>The choice is made once per class loader, when the first dat4j logger is created.
 *
 * <p>Thread safety: safe for use by multiple concurrent threads.
 */
@SuppressWarnings("exports") // returns Log4j's Logger; the modules that call it require Log4j API themselves
public final class Logging {

    /** The level of the fallback loggers when {@code log4j2.simplelogLevel} is not set. */
    public static final Level FALLBACK_LEVEL = Level.WARN;

    /** Log4j API's legacy provider declaration (Log4j 2.0 to 2.5 backends), as {@code ProviderUtil} reads it. */
    private static final String PROVIDER_RESOURCE = "META-INF/log4j-provider.properties";
    /** {@code Provider.PROVIDER_PROPERTY_NAME}: the backend chosen by name. */
    private static final String PROVIDER_PROPERTY = "log4j.provider";
    /** {@code LogManager.FACTORY_PROPERTY_NAME} (deprecated by Log4j, still honoured by it). */
    private static final String FACTORY_PROPERTY = "log4j2.loggerContextFactory";
    /** The simple logger's properties, as Log4j API's simple provider reads them. */
    private static final String SIMPLELOG_PREFIX = "org.apache.logging.log4j.simplelog.";
    /** The simple logger's default time format. */
    private static final String TIME_FORMAT = "yyyy/MM/dd HH:mm:ss:SSS zzz";

    private Logging() {
    }

    /** The decision and the fallback's settings, made on first use. */
    private static final class Holder {
        static final boolean BACKEND = backendPresent();
        static final PropertiesUtil SIMPLE_PROPS = BACKEND ? null : new PropertiesUtil("log4j2.simplelog.properties");
        static final Level SIMPLE_LEVEL = BACKEND ? null
                : Level.toLevel(SIMPLE_PROPS.getStringProperty(SIMPLELOG_PREFIX + "level"), FALLBACK_LEVEL);
        static final boolean SHOW_NAME = !BACKEND && SIMPLE_PROPS.getBooleanProperty(SIMPLELOG_PREFIX + "showlogname",
                false);
        static final boolean SHOW_SHORT_NAME = !BACKEND
                && SIMPLE_PROPS.getBooleanProperty(SIMPLELOG_PREFIX + "showShortLogname", true);
        static final boolean SHOW_TIME = !BACKEND && SIMPLE_PROPS.getBooleanProperty(SIMPLELOG_PREFIX + "showdatetime",
                false);
    }

    /**
     * {@return the logger named after a class}
     *
     * @param owner the class that logs
     */
    public static Logger logger(final Class<?> owner) {
        return Holder.BACKEND ? LogManager.getLogger(owner) : fallback(owner.getName());
    }

    /**
     * {@return the logger of a name}
     *
     * @param name the logger name, for example {@code io.dat4j.spi.kit}
     */
    public static Logger logger(final String name) {
        return Holder.BACKEND ? LogManager.getLogger(name) : fallback(name);
    }

    /** {@return true if Log4j API has a backend (a provider) to route dat4j's logs to} */
    public static boolean backendPresent() {
        final PropertiesUtil props = PropertiesUtil.getProperties();
        if (props.getStringProperty(PROVIDER_PROPERTY) != null || props.getStringProperty(FACTORY_PROPERTY) != null) {
            return true;
        }
        final ClassLoader log4j = Provider.class.getClassLoader();
        try {
            if (ServiceLoader.load(Provider.class, log4j).stream().findAny().isPresent()) {
                return true;
            }
        } catch (final ServiceConfigurationError e) {
            return true; // a backend is declared but broken: Log4j API reports it better than we can
        }
        for (final ClassLoader cl : new ClassLoader[] {Thread.currentThread().getContextClassLoader(), log4j,
            ClassLoader.getSystemClassLoader()}) {
            try {
                if (cl != null && cl.getResources(PROVIDER_RESOURCE).hasMoreElements()) {
                    return true;
                }
            } catch (final IOException e) {
                return true; // cannot tell: let Log4j API look for itself
            }
        }
        return false;
    }

    private static Logger fallback(final String name) {
        return new SimpleLogger(name, Holder.SIMPLE_LEVEL, Holder.SHOW_NAME, Holder.SHOW_SHORT_NAME, Holder.SHOW_TIME,
                false, TIME_FORMAT, ParameterizedMessageFactory.INSTANCE, Holder.SIMPLE_PROPS, System.err);
    }
}
