"""The Lost Atlas rounds: the flow between them (setup, order, end and score), the Stock
Round, the Operating Round, the Merger Round, and trains.
"""
