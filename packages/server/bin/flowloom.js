#!/usr/bin/env node
import '../dist/flowloom.js';
