import java.lang.reflect.Field;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import software.amazon.dynamodb.services.local.main.ServerRunner;
import software.amazon.dynamodb.services.local.server.DynamoDBProxyServer;

/**
 * Starts DynamoDB Local listening on one address (the system property
 * `dynamodb.local.host`, default 127.0.0.1) instead of every interface.
 *
 * DynamoDB Local has no option for its bind address: its ServerRunner builds
 * a Jetty `new Server(port)`, whose connector has no host and so listens on
 * the wildcard address. This does what ServerRunner.main does (same command
 * line options), but sets the host on Jetty's connector before starting it.
 * Telemetry is never configured, so none is sent.
 *
 * It also exits when its standard input closes: the Node process that spawned
 * it holds the other end, so DynamoDB Local never outlives the local stack,
 * even when that process is killed without a chance to clean up.
 *
 * Compiled on first use by functions/src/local/dynamodb/spawn.ts.
 */
public final class LoopbackDynamoDBLocal {
  public static void main(String[] args) throws Exception {
    String host = System.getProperty("dynamodb.local.host", "127.0.0.1");
    DynamoDBProxyServer proxy = ServerRunner.createServerFromCommandLineArgs(args);

    Field field = DynamoDBProxyServer.class.getDeclaredField("server");
    field.setAccessible(true);
    Server server = (Server) field.get(proxy);
    for (Connector connector : server.getConnectors()) {
      if (!(connector instanceof ServerConnector)) {
        throw new IllegalStateException("Unexpected Jetty connector: " + connector.getClass().getName());
      }
      ((ServerConnector) connector).setHost(host);
    }

    Thread watchdog = new Thread(() -> {
      try {
        while (System.in.read() != -1) {
          // Ignore input; only the end of the stream matters.
        }
      } catch (java.io.IOException ignored) {
        // A broken pipe means the parent is gone, too.
      }
      System.exit(0);
    }, "parent-watchdog");
    watchdog.setDaemon(true);
    watchdog.start();

    proxy.start();
  }
}
