"""Long work off the request path: jobs run by a task worker, with progress and errors.

``models.Job`` is the record the admin shows; ``runner`` starts jobs and runs them;
``tasks`` holds the work itself, one task per kind of job.
"""
