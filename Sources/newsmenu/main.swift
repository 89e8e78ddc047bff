// newsmenu's executable: everything happens in NewsMenuKit; this only passes the process's
// arguments and environment in and the exit status out.
import Foundation
import NewsMenuKit

exit(NewsMenu.run(arguments: Array(CommandLine.arguments.dropFirst()),
                  environment: ProcessEnvironment.current()))
