"""What happens to every resident message, whatever the channel: cleaning, limits, the
assistant, the replies and what staff must see."""
