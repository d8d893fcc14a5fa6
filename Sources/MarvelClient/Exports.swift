// `import MarvelClient` brings the models its requests decode into.
@_exported public import MarvelModels
