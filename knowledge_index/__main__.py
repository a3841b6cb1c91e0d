from knowledge_index.cli import app

app()
