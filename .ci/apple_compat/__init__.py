"""The Linux-side guard against code that fails to compile for AttachmentKit's Apple
deployment targets: see `.ci/apple-compat --help`."""
