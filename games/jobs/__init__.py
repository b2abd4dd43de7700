"""Long work off the request path: jobs run by a task worker, with progress and errors."""
