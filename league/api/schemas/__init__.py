"""What the API answers, field by field (the OpenAPI schema): one module per router."""
